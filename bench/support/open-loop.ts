/**
 * An open loop: `send(k, due)` for k = 0 … count − 1, each called when it is due (k/rate seconds after
 * the start, never earlier), whatever the earlier sends are doing. `due` is the time (performance.now())
 * it was due, so that a send times itself from then and a late send counts against what it measures.
 * Resolves when every send has, and rejects with the first that failed.
 */
export async function openLoop(
  rate: number,
  count: number,
  send: (k: number, due: number) => Promise<unknown>,
): Promise<void> {
  const start = performance.now();
  const sent: Promise<unknown>[] = [];
  for (let k = 0; k < count; k++) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(k, due));
  }
  await Promise.all(sent);
}
