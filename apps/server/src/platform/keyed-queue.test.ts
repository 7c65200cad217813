import { describe, expect, it } from "vitest";
import { keyedQueue } from "./keyed-queue";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("keyedQueue", () => {
  it("runs one key's work in the order asked, another key's alongside, and goes on after a failure", async () => {
    const run = keyedQueue();
    const log: string[] = [];
    const slow = run("a", async () => {
      await later(50);
      log.push("a1");
      return 1;
    });
    const failing = run("a", async () => {
      log.push("a2");
      throw new Error("no");
    });
    const quick = run("a", async () => {
      log.push("a3");
      return 3;
    });
    const other = run("b", async () => {
      log.push("b1");
      return "b";
    });
    expect(await other).toBe("b");
    expect(log).toEqual(["b1"]);
    expect(await slow).toBe(1);
    await expect(failing).rejects.toThrow("no");
    expect(await quick).toBe(3);
    expect(log).toEqual(["b1", "a1", "a2", "a3"]);
  });
});
