import { useEffect, useState } from 'react';

/**
 * True once the first frame after `ready` became true is on screen. Heavy parts of a screen (a chart
 * library) wait for it, so the figures a user came for appear first and the heavy code's loading and
 * start-up run after them instead of in front of them.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before its frame is drawn, and the frame reaches the screen a moment
    // after: the next frame's callback comes once it has, and the task it queues runs after that.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true), 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
