/**
 * The notification sound (spec 01 §4: new conversation, chat and alert notifications): a short
 * two-tone beep made with WebAudio, so no audio file is bundled.
 */
let context: AudioContext | null = null;

export function playNotificationSound(): void {
  const AudioContextClass = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  // Before the first gesture on the page (e.g. right after a reload) the browser refuses audio and warns; a context
  // made then stays suspended, which would silence every later beep too: skip the beep until the agent acted.
  if (globalThis.navigator?.userActivation?.hasBeenActive === false) return;
  try {
    context ??= new AudioContextClass();
    if (context.state === "suspended") void context.resume().catch(() => undefined);
    const now = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, now + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.18);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + 0.2);
    }
  } catch {
    // Browsers refuse audio before the first user gesture; a missed beep is not an error.
  }
}
