/**
 * Exit orders on a position and their triggers (pure): a limit (指値: take profit), a stop (逆指値: a
 * market order once the price reaches the stop), a stop-limit (逆指値 with a limit: a limit order once
 * triggered) and a trailing stop (トレーリングストップ: a stop that follows the best price since it was
 * placed, by an amount or a percentage). OCO pairs a limit with a stop: the first to fill cancels the
 * other. The server runs `stepExit` on the leader for each working exit at each price it sees.
 */

/** A position's side: 1 long (its exits sell), 2 short (its exits buy to cover). */
export type Side = 1 | 2;
export type ExitKind = 'limit' | 'stop' | 'stop_limit' | 'trail';

export interface ExitState {
  side: Side;
  kind: ExitKind;
  /** limit: the price to sell (long) at or above; stop_limit: the limit once triggered. */
  limit: bigint | null;
  /** stop / stop_limit: the trigger price (long: at or below; short: at or above). */
  stop: bigint | null;
  /** trail: the distance from the best price, in units ... */
  trailAmount: bigint | null;
  /** ... or in parts per million of the best price. */
  trailPpm: bigint | null;
  /** trail: the best price seen since placement (long: the highest, short: the lowest). */
  extreme: bigint | null;
  /** A stop-limit whose stop has been reached (now a limit order). */
  triggered: boolean;
}

/** The stop level of a trailing stop at its best price. */
export function trailLevel(s: Pick<ExitState, 'side' | 'trailAmount' | 'trailPpm'>, extreme: bigint): bigint {
  const d = s.trailAmount ?? (extreme * (s.trailPpm ?? 0n)) / 1_000_000n;
  return s.side === 1 ? extreme - d : extreme + d;
}

/** Long exits sell: a price reaches a stop at or below it, a limit at or above it; short exits mirror. */
const reachesStop = (side: Side, price: bigint, stop: bigint) => (side === 1 ? price <= stop : price >= stop);
const reachesLimit = (side: Side, price: bigint, limit: bigint) =>
  side === 1 ? price >= limit : price <= limit;

/**
 * One price for a working exit: its next state, whether it fired (a stop's trigger), and the fill price
 * when it fills: a limit at its limit (it was resting when the market traded through it; a stop-limit's
 * limit that is marketable when triggered fills at the market), a stop and a trailing stop at the market.
 */
export function stepExit(
  s: ExitState,
  price: bigint,
): { state: ExitState; fired: boolean; fill: bigint | null } {
  switch (s.kind) {
    case 'limit':
      return {
        state: s,
        fired: false,
        fill: s.limit !== null && reachesLimit(s.side, price, s.limit) ? s.limit : null,
      };
    case 'stop': {
      const hit = s.stop !== null && reachesStop(s.side, price, s.stop);
      return { state: s, fired: hit, fill: hit ? price : null };
    }
    case 'stop_limit': {
      if (s.limit === null || s.stop === null) return { state: s, fired: false, fill: null };
      if (!s.triggered) {
        if (!reachesStop(s.side, price, s.stop)) return { state: s, fired: false, fill: null };
        const state = { ...s, triggered: true };
        return { state, fired: true, fill: reachesLimit(s.side, price, s.limit) ? price : null };
      }
      return { state: s, fired: false, fill: reachesLimit(s.side, price, s.limit) ? s.limit : null };
    }
    case 'trail': {
      const better = s.extreme === null || (s.side === 1 ? price > s.extreme : price < s.extreme);
      const extreme = better ? price : (s.extreme as bigint);
      const state = better ? { ...s, extreme } : s;
      const hit = reachesStop(s.side, price, trailLevel(s, extreme));
      return { state, fired: hit, fill: hit ? price : null };
    }
  }
}
