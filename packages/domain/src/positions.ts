/**
 * Position P&L and the rest of a leveraged position's maths: the margin an order holds, gross and net
 * P&L, equity and the maintenance test, the close settlement with its loss and fee clamps, the return on
 * margin; and the position status machine. Pure functions on bigint units; the server books them, the web
 * app previews with the same functions.
 */
import type { Market } from './currencies.ts';
import { MINOR_UNIT, minUnits, roundTo, type Units } from './money.ts';

// ---- status machine ----

/** Position status, as stored and on the wire. */
export const POSITION_STATUS = { holding: 0, closed: 1, closing: 2, pending: 3, cancelled: 4 } as const;
export type PositionStatus = (typeof POSITION_STATUS)[keyof typeof POSITION_STATUS];

/**
 * The moves a position may make: a pending limit order fills (holding) or is withdrawn (cancelled, by
 * the user or when its day lapses); a holding closes, or falls to the maintenance ratio and is marked
 * "preparing to close" first; that one closes. Closed and cancelled are final.
 */
const TRANSITIONS: Record<PositionStatus, readonly PositionStatus[]> = {
  [POSITION_STATUS.pending]: [POSITION_STATUS.holding, POSITION_STATUS.cancelled],
  [POSITION_STATUS.holding]: [POSITION_STATUS.closing, POSITION_STATUS.closed],
  [POSITION_STATUS.closing]: [POSITION_STATUS.closed],
  [POSITION_STATUS.closed]: [],
  [POSITION_STATUS.cancelled]: [],
};

/** Statuses of a position that holds stock (what a withdrawal check and the maintenance job look at). */
export const OPEN_POSITION_STATUSES: readonly PositionStatus[] = [
  POSITION_STATUS.holding,
  POSITION_STATUS.closing,
];

export const isPositionStatus = (v: number): v is PositionStatus => Object.hasOwn(TRANSITIONS, v);

/** May a position in status `from` move to `to`? */
export const canMovePosition = (from: number, to: PositionStatus): boolean =>
  isPositionStatus(from) && TRANSITIONS[from].includes(to);

export class IllegalTransitionError extends Error {
  constructor(
    readonly entity: string,
    readonly from: number | string,
    readonly to: number | string,
  ) {
    super(`${entity}: no transition from status ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

/** The status a position moves to; an illegal move throws {@link IllegalTransitionError}. */
export function movePosition(from: number, to: PositionStatus): PositionStatus {
  if (!canMovePosition(from, to)) throw new IllegalTransitionError('position', from, to);
  return to;
}

// ---- margin ----

/** 1 long, 2 short (the wire's `buyzd`). */
export type Direction = 1 | 2;

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** Margin an order holds: notional / leverage, rounded up to the currency's minor unit. */
export function positionMargin(market: Market, price: Units, quantity: bigint, leverage: number): Units {
  if (!Number.isInteger(leverage) || leverage < 1) throw new RangeError(`leverage must be ≥ 1: ${leverage}`);
  return roundTo(ceilDiv(price * quantity, BigInt(leverage)), MINOR_UNIT[market], 'up');
}

// ---- P&L ----

export interface PricedPosition {
  /** The fill price; null while a limit order is pending (no P&L). */
  openPrice: Units | null;
  quantity: bigint;
  /** 1 long, anything else short. */
  direction: number;
}

export interface OpenPosition extends PricedPosition {
  margin: Units;
  /** The buy fee and the stamp duty paid opening it. */
  buyFee: Units;
  stampDuty: Units;
}

const directionSign = (direction: number): bigint => (direction === 1 ? 1n : -1n);

/** Gross P&L at a price: (price − open) × quantity, negated for a short. */
export const grossPnl = (p: PricedPosition, price: Units): Units =>
  p.openPrice === null ? 0n : (price - p.openPrice) * p.quantity * directionSign(p.direction);

/** Position P&L of an open position at a price: gross P&L less the fees paid opening it. */
export const netPnl = (p: OpenPosition, price: Units): Units => grossPnl(p, price) - p.buyFee - p.stampDuty;

/**
 * The price move since entry in the position's direction, as a percent in units (scale 4), truncated
 * toward zero; 0 without an entry price (a pending order). Not leveraged: the wire's `gain` (a client
 * shows gain × leverage as the return on margin).
 */
export const priceMove = (p: PricedPosition, price: Units | null): Units =>
  p.openPrice === null || p.openPrice <= 0n || price === null
    ? 0n
    : ((price - p.openPrice) * 1_000_000n * directionSign(p.direction)) / p.openPrice;

/** P&L as a percent of the margin held, in units (scale 4), truncated toward zero; 0 without margin. */
export const returnOnMargin = (pnl: Units, margin: Units): Units =>
  margin > 0n ? (pnl * 1_000_000n) / margin : 0n;

// ---- equity and maintenance ----

/** Equity of a holding at a price: its margin plus gross P&L. */
export const positionEquity = (p: Pick<OpenPosition, 'margin'> & PricedPosition, price: Units): Units =>
  p.margin + grossPnl(p, price);

/**
 * The maintenance test: a holding whose equity falls to `ratioPpm` of its margin (ppm: 20% = 200,000)
 * must be closed.
 */
export const maintenanceBreached = (
  p: Pick<OpenPosition, 'margin'> & PricedPosition,
  price: Units,
  ratioPpm: bigint,
): boolean => positionEquity(p, price) <= (p.margin * ratioPpm) / 1_000_000n;

// ---- close settlement ----

export interface CloseInput {
  /** Gross P&L at the close price. */
  gross: Units;
  /** The user's available cash before the close (the margin is released into it first). */
  available: Units;
  margin: Units;
  /** The sell fee and the stamp duty the close owes. */
  sellFee: Units;
  sellStampDuty: Units;
  /** The fees paid opening the position (for the net P&L). */
  buyFee: Units;
  buyStampDuty: Units;
}

export interface CloseSettlement {
  /** Paid to the user by the counterparty (a positive gross P&L). */
  gain: Units;
  /** Paid by the user to the counterparty, at most what the user's cash can pay. */
  loss: Units;
  /** The sell fee and stamp duty charged, each at most what is left after the loss. */
  sellFee: Units;
  stampDuty: Units;
  /** Net P&L of the position: gain − loss − every fee and duty paid opening and closing. */
  pnl: Units;
}

/**
 * What a close moves. The margin comes back to the user's cash, a gain is paid in; the loss, then the
 * sell fee, then the stamp duty are charged from what the cash can pay (available + margin + gain).
 * The platform absorbs the rest, so cash never goes below zero.
 */
export function closeSettlement(c: CloseInput): CloseSettlement {
  const gain = c.gross > 0n ? c.gross : 0n;
  let room = c.available + c.margin + gain;
  const loss = minUnits(c.gross < 0n ? -c.gross : 0n, room);
  room -= loss;
  const sellFee = minUnits(c.sellFee, room);
  room -= sellFee;
  const stampDuty = minUnits(c.sellStampDuty, room);
  const pnl = gain - loss - c.buyFee - c.buyStampDuty - sellFee - stampDuty;
  return { gain, loss, sellFee, stampDuty, pnl };
}
