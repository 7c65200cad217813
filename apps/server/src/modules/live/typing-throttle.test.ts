import { describe, expect, it } from "vitest";
import { createTypingThrottle } from "./typing-throttle";

describe("the typing throttle", () => {
  it("forwards a typing start once per interval per key, and a stop only after a forwarded start", () => {
    let time = 10_000;
    const throttle = createTypingThrottle(1000, () => time);
    expect(throttle.admit("s1", false)).toBe(false);
    expect(throttle.admit("s1", true)).toBe(true);
    expect(throttle.admit("s1", true)).toBe(false);
    // Another key has its own allowance.
    expect(throttle.admit("s2", true)).toBe(true);
    time += 999;
    expect(throttle.admit("s1", true)).toBe(false);
    time += 1;
    expect(throttle.admit("s1", true)).toBe(true);
    expect(throttle.admit("s1", false)).toBe(true);
    expect(throttle.admit("s1", false)).toBe(false);
  });

  it("cannot be got round by alternating starts and stops: a start goes once per interval all the same", () => {
    let time = 0;
    const throttle = createTypingThrottle(1000, () => time);
    const forwarded: boolean[] = [];
    for (let step = 0; step < 200; step += 1) {
      time += 10;
      const typing = step % 2 === 0;
      if (throttle.admit("s1", typing)) forwarded.push(typing);
    }
    // 2 seconds of alternating marks every 10 ms: the starts at 10 ms and 1,010 ms go, each with its stop.
    expect(forwarded).toEqual([true, false, true, false]);
  });

  it("starts a key afresh on reset: no stop is owed, and the next start goes at once", () => {
    const throttle = createTypingThrottle(1000, () => 0);
    expect(throttle.admit("s1", true)).toBe(true);
    throttle.reset("s1");
    expect(throttle.admit("s1", false)).toBe(false);
    expect(throttle.admit("s1", true)).toBe(true);
    expect(throttle.admit("s1", true)).toBe(false);
  });

  it("drops keys long after their last start, and still limits a key that comes back", () => {
    let time = 0;
    const throttle = createTypingThrottle(10, () => time);
    expect(throttle.admit("gone", true)).toBe(true);
    time = 10_000;
    expect(throttle.admit("other", true)).toBe(true);
    // "gone" was dropped by the sweep: its stop is not owed any more.
    expect(throttle.admit("gone", false)).toBe(false);
    expect(throttle.admit("gone", true)).toBe(true);
    expect(throttle.admit("gone", true)).toBe(false);
  });
});
