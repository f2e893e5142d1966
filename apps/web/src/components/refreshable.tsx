import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  dragStatus,
  isPull,
  PULL_COMPLETE_MS,
  PULL_HEAD_PX,
  type PullStatus,
  pullHeight,
} from '../lib/pull-refresh.ts';
import { useTranslator } from '../lib/use-translator.ts';

const STATUS_TEXT: Record<PullStatus, string> = {
  pulling: 'pull.pulling',
  canRelease: 'pull.release',
  refreshing: 'pull.refreshing',
  complete: 'pull.complete',
};

/** Whether every box that scrolls around `el` (and the page) is at its top, so a pull down means refresh. */
function atTop(el: Element | null): boolean {
  for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return window.scrollY <= 0;
}

/**
 * Pull to refresh (lists refresh on a pull down): a finger pulling down at the top of the page
 * opens a 50 px head that says what releasing will do; released past the threshold, the list refreshes
 * with the head held open, says "refreshed", and closes. Touch only, as on a phone; the head moves by
 * style during the drag, so a pull costs no React render per frame.
 */
export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslator('shell');
  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<PullStatus>('pulling');
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const root = rootRef.current;
    const head = headRef.current;
    if (!root || !head) return;
    let alive = true;
    let busy = false; // refreshing or showing "refreshed": the head ignores fingers
    let start: { x: number; y: number } | null = null;
    let pulling: boolean | undefined;
    let height = 0;
    let shown: PullStatus = 'pulling';

    const show = (next: PullStatus) => {
      if (next !== shown && alive) setStatus(next);
      shown = next;
    };
    const open = (px: number, animate: boolean) => {
      height = px;
      head.style.transition = animate ? 'height 0.2s ease-out' : 'none';
      head.style.height = `${px}px`;
    };
    const close = () => {
      open(0, true);
      show('pulling');
    };

    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (busy || !touch || e.touches.length > 1) {
        start = null;
        return;
      }
      start = { x: touch.clientX, y: touch.clientY };
      pulling = undefined;
    };
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!start || !touch || pulling === false) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (pulling === undefined) {
        const pull = isPull(dx, dy);
        if (pull === undefined) return;
        pulling = pull && atTop(e.target instanceof Element ? e.target : null);
        if (!pulling) return;
      }
      // The pull is ours: the page neither scrolls nor bounces under it.
      if (e.cancelable) e.preventDefault();
      open(pullHeight(dy), false);
      show(dragStatus(height));
    };
    const onEnd = (e: TouchEvent) => {
      if (!start) return;
      start = null;
      if (!pulling) return;
      pulling = undefined;
      // a gesture the system took over (touchcancel) springs back without refreshing
      if (shown !== 'canRelease' || e.type === 'touchcancel') {
        close();
        return;
      }
      busy = true;
      open(PULL_HEAD_PX, true);
      show('refreshing');
      refresh
        .current()
        .then(
          async () => {
            show('complete');
            await new Promise((resolve) => setTimeout(resolve, PULL_COMPLETE_MS));
          },
          () => {}, // the list shows its own error state
        )
        .finally(() => {
          busy = false;
          if (alive) close();
        });
    };

    root.addEventListener('touchstart', onStart, { passive: true });
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    return () => {
      alive = false;
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return (
    <div className="k-pull" ref={rootRef} data-testid="pull-to-refresh" data-status={status}>
      <div className="k-pull-head" ref={headRef}>
        <div className="k-pull-head-content" role="status" aria-live="polite">
          {t(STATUS_TEXT[status])}
        </div>
      </div>
      {children}
    </div>
  );
}
