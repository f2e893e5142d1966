/**
 * The new-share (IPO) status machines: the offering's and an application's. Statuses are stored as
 * they go on the wire; an illegal move throws {@link IllegalTransitionError}, like a position's.
 */
import { IllegalTransitionError } from '../positions.ts';

// ---- offering ----

/**
 * An offering's stored state. Where it is in its calendar (upcoming, subscribing, ended) follows from
 * the clock; these are the steps someone takes: the draw, the listing, a cancellation.
 */
export const OFFERING_STATE = { scheduled: 0, drawn: 1, listed: 2, cancelled: 3 } as const;
export type OfferingState = (typeof OFFERING_STATE)[keyof typeof OFFERING_STATE];

/** A scheduled offering is drawn or cancelled (before the draw only); a drawn one lists. */
const OFFERING_MOVES: Record<OfferingState, readonly OfferingState[]> = {
  [OFFERING_STATE.scheduled]: [OFFERING_STATE.drawn, OFFERING_STATE.cancelled],
  [OFFERING_STATE.drawn]: [OFFERING_STATE.listed],
  [OFFERING_STATE.listed]: [],
  [OFFERING_STATE.cancelled]: [],
};

export const isOfferingState = (v: number): v is OfferingState => Object.hasOwn(OFFERING_MOVES, v);
export const canMoveOffering = (from: number, to: OfferingState): boolean =>
  isOfferingState(from) && OFFERING_MOVES[from].includes(to);
export function moveOffering(from: number, to: OfferingState): OfferingState {
  if (!canMoveOffering(from, to)) throw new IllegalTransitionError('offering', from, to);
  return to;
}

/** The wire's phase of an offering (`placinglist` status): 0 upcoming, 1 subscribing, 2 ended. */
export type OfferingPhase = 0 | 1 | 2;

/** Phase at `now` (epoch ms) of a window [start, end): a cancelled offering has ended. */
export function offeringPhase(
  o: { state: number; startMs: number; endMs: number },
  now: number,
): OfferingPhase {
  if (o.state !== OFFERING_STATE.scheduled) return 2;
  if (now < o.startMs) return 0;
  return now < o.endMs ? 1 : 2;
}

// ---- application ----

/**
 * An application's status, as on the wire (`usernewstocklist`): 0 applied (nothing held: the money is
 * taken at the win), 1 held (frozen), 2 won and paid, 3 not won and refunded, 4 abstained, 5 listed.
 */
export const APPLICATION_STATUS = {
  applied: 0,
  held: 1,
  paid: 2,
  notWon: 3,
  abstained: 4,
  listed: 5,
} as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[keyof typeof APPLICATION_STATUS];

/**
 * Applied → held (a waitlisted application promoted, when money is taken at the win), paid (won), not
 * won, abstained (could not pay); held → paid (the hold posted), not won (voided), abstained (declined);
 * paid → abstained (declined before the payment deadline: refunded), listed (the shares become a
 * position). Not won, abstained and listed are final.
 */
const APPLICATION_MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  [APPLICATION_STATUS.applied]: [
    APPLICATION_STATUS.held,
    APPLICATION_STATUS.paid,
    APPLICATION_STATUS.notWon,
    APPLICATION_STATUS.abstained,
  ],
  [APPLICATION_STATUS.held]: [
    APPLICATION_STATUS.paid,
    APPLICATION_STATUS.notWon,
    APPLICATION_STATUS.abstained,
  ],
  [APPLICATION_STATUS.paid]: [APPLICATION_STATUS.abstained, APPLICATION_STATUS.listed],
  [APPLICATION_STATUS.notWon]: [],
  [APPLICATION_STATUS.abstained]: [],
  [APPLICATION_STATUS.listed]: [],
};

export const isApplicationStatus = (v: number): v is ApplicationStatus => Object.hasOwn(APPLICATION_MOVES, v);
export const canMoveApplication = (from: number, to: ApplicationStatus): boolean =>
  isApplicationStatus(from) && APPLICATION_MOVES[from].includes(to);
export function moveApplication(from: number, to: ApplicationStatus): ApplicationStatus {
  if (!canMoveApplication(from, to)) throw new IllegalTransitionError('application', from, to);
  return to;
}

/** Shares are applied for in units of this many (one lot). */
export const IPO_LOT = 100n;
