/**
 * The new-message sound: a short two-note chime made with Web Audio (no file to download).
 * Browsers refuse audio before the visitor has interacted with the page; then it stays silent.
 */
let context: AudioContext | undefined;

export function playIncomingSound(): void {
  try {
    const Context = globalThis.AudioContext as typeof AudioContext | undefined;
    if (!Context) return;
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.3);
    }
  } catch (error) {
    console.warn('Chat: could not play the message sound', error);
  }
}
