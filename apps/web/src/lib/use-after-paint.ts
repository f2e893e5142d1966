import { useEffect, useState } from 'react';

/**
 * True from the first frame after `ready` became true has been painted. Heavy parts of a screen (a chart
 * library) wait for it, so the figures a user came for paint first and the heavy code's loading and
 * start-up run after them instead of in front of them.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the frame callback runs just before the paint; the task it queues runs after it
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
