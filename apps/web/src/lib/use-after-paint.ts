import { useEffect, useState } from 'react';

/** An element that is never drawn must not hold the heavy part back for good. */
const ELEMENT_WAIT_MS = 1000;

/**
 * True once the first frame after `ready` became true is on screen. Heavy parts of a screen (a chart
 * library) wait for it, so the figures a user came for appear first and the heavy code's loading and
 * start-up run after them instead of in front of them.
 *
 * `element` names an `elementtiming` attribute on those figures: where the browser reports element
 * timing, the wait ends when that element has been presented. Elsewhere it ends a frame after the first
 * one: a frame callback runs just before its frame is drawn, and the frame reaches the screen a moment
 * after, so the next frame's callback comes once it has.
 */
export function useAfterPaint(ready: boolean, element?: string): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setPainted(true), 0);
    };
    if (element && PerformanceObserver.supportedEntryTypes?.includes('element')) {
      const observer = new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
        if (!entries.some((e) => e.identifier === element)) return;
        observer.disconnect();
        done();
      });
      observer.observe({ type: 'element', buffered: true });
      timer = setTimeout(done, ELEMENT_WAIT_MS);
      return () => {
        observer.disconnect();
        clearTimeout(timer);
      };
    }
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(done);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted, element]);
  return painted;
}
