/**
 * Run `task` once the browser is idle after what it is drawing now, and at the latest after `timeoutMs`
 * (browsers without idle callbacks: after `timeoutMs`). Code that a screen may need soon but does not
 * draw with (the user panel's popup, the reply translations) loads this way, behind the first screen
 * rather than in front of it. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, timeoutMs);
  return () => window.clearTimeout(id);
}
