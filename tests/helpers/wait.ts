/**
 * Reads until the condition holds (a bounded poll for a state another process or job reaches),
 * failing with the last value read once the time is up. Not a sleep: it returns at the first read
 * that satisfies `done`.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
  /**
   * Pause between reads; 0 reads again at once. A wait on another process (an app restarting) is
   * better with some: back-to-back reads take a core from it on a 2-core machine.
   */
  intervalMs = 0,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((r) => (intervalMs > 0 ? setTimeout(r, intervalMs) : setImmediate(r)));
  }
}
