import { afterEach, describe, expect, it, vi } from "vitest";

/** A stand-in for WebAudio: records the contexts made, their resumes and the tones started. */
function fakeAudio(state: "running" | "suspended") {
  const made: { resume: ReturnType<typeof vi.fn>; started: number }[] = [];
  class FakeAudioContext {
    state = state;
    currentTime = 0;
    destination = {};
    record = { resume: vi.fn(() => Promise.resolve()), started: 0 };
    constructor() {
      made.push(this.record);
    }
    resume() {
      return this.record.resume();
    }
    createOscillator() {
      const record = this.record;
      return { type: "", frequency: { value: 0 }, connect: (node: unknown) => node, start: () => void (record.started += 1), stop: () => undefined };
    }
    createGain() {
      return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
    }
  }
  vi.stubGlobal("AudioContext", FakeAudioContext);
  return made;
}

function userActivation(hasBeenActive: boolean) {
  vi.stubGlobal("navigator", { ...globalThis.navigator, userActivation: { hasBeenActive, isActive: false } });
}

/** One beep with a suspended context, before or after the agent's first gesture: the contexts it made. */
async function beepWith(hasBeenActive: boolean) {
  const made = fakeAudio("suspended");
  userActivation(hasBeenActive);
  const { playNotificationSound } = await import("./sound");
  playNotificationSound();
  return made;
}

describe("the notification sound", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("makes no audio before the agent's first gesture on the page (the browser would refuse it and warn)", async () => {
    expect(await beepWith(false)).toHaveLength(0);
  });

  it("plays after a gesture, and resumes a context the browser suspended, so later beeps are heard", async () => {
    const made = await beepWith(true);
    expect(made).toHaveLength(1);
    expect(made[0]!.resume).toHaveBeenCalled();
    expect(made[0]!.started).toBe(2);
  });
});
