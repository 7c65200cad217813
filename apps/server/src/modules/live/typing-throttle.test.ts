import { describe, expect, it } from "vitest";
import { createTypingThrottle } from "./typing-throttle";

describe("the visitor typing throttle", () => {
  it("forwards a typing start once per interval per session, and a stop only after a forwarded start", () => {
    let time = 10_000;
    const throttle = createTypingThrottle(1000, () => time);
    expect(throttle.admit("s1", false)).toBe(false);
    expect(throttle.admit("s1", true)).toBe(true);
    expect(throttle.admit("s1", true)).toBe(false);
    // Another session has its own allowance.
    expect(throttle.admit("s2", true)).toBe(true);
    time += 999;
    expect(throttle.admit("s1", true)).toBe(false);
    time += 1;
    expect(throttle.admit("s1", true)).toBe(true);
    expect(throttle.admit("s1", false)).toBe(true);
    expect(throttle.admit("s1", false)).toBe(false);
    // After a stop, the next start goes at once.
    expect(throttle.admit("s1", true)).toBe(true);
  });

  it("forgets a session, so its next stop is not forwarded and its next start is", () => {
    const throttle = createTypingThrottle(1000, () => 0);
    expect(throttle.admit("s1", true)).toBe(true);
    throttle.forget("s1");
    expect(throttle.admit("s1", false)).toBe(false);
    expect(throttle.admit("s1", true)).toBe(true);
  });
});
