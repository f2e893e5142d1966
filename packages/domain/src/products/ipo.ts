/**
 * The new-share (IPO) status machines: the offering's and an application's. Statuses are stored as
 * they go on the wire; an illegal move throws {@link IllegalTransitionError}, like a position's.
 */
import { codedMachine, statusMachine } from '../status-machine.ts';

// ---- offering ----

/**
 * An offering's stored state. Where it is in its calendar (upcoming, subscribing, ended) follows from
 * the clock; these are the steps someone takes: the draw, the listing, a cancellation.
 */
export type OfferingStateName = 'scheduled' | 'drawn' | 'listed' | 'cancelled';
export const OFFERING_STATE = { scheduled: 0, drawn: 1, listed: 2, cancelled: 3 } as const satisfies Record<
  OfferingStateName,
  number
>;
export type OfferingState = (typeof OFFERING_STATE)[OfferingStateName];

/** A scheduled offering is drawn or cancelled (before the draw only); a drawn one lists. */
export const OFFERING = codedMachine(
  statusMachine<OfferingStateName>('offering', {
    scheduled: ['drawn', 'cancelled'],
    drawn: ['listed'],
    listed: [],
    cancelled: [],
  }),
  OFFERING_STATE,
);

export const isOfferingState = OFFERING.is;
export const canMoveOffering = OFFERING.can;
export const moveOffering = OFFERING.move;

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
export type ApplicationStatusName = 'applied' | 'held' | 'paid' | 'notWon' | 'abstained' | 'listed';
export const APPLICATION_STATUS = {
  applied: 0,
  held: 1,
  paid: 2,
  notWon: 3,
  abstained: 4,
  listed: 5,
} as const satisfies Record<ApplicationStatusName, number>;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[ApplicationStatusName];

/**
 * Applied → held (a waitlisted application promoted, when money is taken at the win), paid (won), not
 * won, abstained (could not pay); held → paid (the hold posted), not won (voided), abstained (declined);
 * paid → abstained (declined before the payment deadline: refunded), listed (the shares become a
 * position). Not won, abstained and listed are final.
 */
export const APPLICATION = codedMachine(
  statusMachine<ApplicationStatusName>('application', {
    applied: ['held', 'paid', 'notWon', 'abstained'],
    held: ['paid', 'notWon', 'abstained'],
    paid: ['abstained', 'listed'],
    notWon: [],
    abstained: [],
    listed: [],
  }),
  APPLICATION_STATUS,
);

export const isApplicationStatus = APPLICATION.is;
export const canMoveApplication = APPLICATION.can;
export const moveApplication = APPLICATION.move;

/** Shares are applied for in units of this many (one lot). */
export const IPO_LOT = 100n;
