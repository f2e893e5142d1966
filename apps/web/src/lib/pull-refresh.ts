/**
 * Pull to refresh, the arithmetic (components/refreshable.tsx does the touch handling): how far the head
 * opens for a finger's pull, and what it says.
 */

/** The head: 50 px open while refreshing; a pull past 60 px refreshes on release. */
export const PULL_HEAD_PX = 50;
export const PULL_THRESHOLD_PX = 60;
/** How long "refreshed" stays before the head closes. */
export const PULL_COMPLETE_MS = 500;
/** A finger must travel this far before the gesture counts as a pull (or as a scroll sideways). */
export const PULL_SLOP_PX = 6;

export type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * The head's height for a pull of `distance` px: it follows the finger less and less (a rubber band),
 * never past `limit`, so a long pull feels held rather than tracked.
 */
export function pullHeight(distance: number, limit = PULL_HEAD_PX * 5): number {
  if (!(distance > 0)) return 0;
  const stiffness = 0.5;
  return Math.round(limit * (1 - 1 / ((distance * stiffness) / limit + 1)));
}

/** What the head says while the finger is down. */
export const dragStatus = (height: number, threshold = PULL_THRESHOLD_PX): PullStatus =>
  height > threshold ? 'canRelease' : 'pulling';

/**
 * Whether a gesture that has moved (dx, dy) from its start is a pull: downwards, more down than across,
 * past the slop. `undefined` while it is too short to tell.
 */
export function isPull(dx: number, dy: number, slop = PULL_SLOP_PX): boolean | undefined {
  if (Math.abs(dx) < slop && Math.abs(dy) < slop) return undefined;
  return dy > 0 && dy > Math.abs(dx);
}
