import { formatUnits, parseUnits, type Units } from '@kabuto/domain';

/**
 * Numbers on the wire (docs/wire.md, "Numbers, money and times"). Market data and position valuation travel as JSON numbers;
 * entered and settled amounts stay decimal strings. Inside, both are bigint units at scale 4, and the
 * conversion happens here, once, at the edge. No zod here: the web imports this file alone
 * (`@kabuto/contract/wire`) without loading the contract's schemas on its first screen.
 */

/**
 * Units (scale 4) → the JSON number of the same decimal: `Number("2845.5000")` = 2845.5. Exact to the
 * 4 decimals for every figure below 2^53 / 10^4 (≈ 9·10^11), which covers prices, P&L and the sums of a
 * user's positions; larger figures (market capitalisation, turnover) keep 15 significant digits.
 */
export const wireNumber = (units: Units): number => Number(formatUnits(units));

/**
 * A wire number back to units, for a client that needs exact maths again: `toFixed(4)` gives the decimal
 * the server sent (the double nearest it rounds back to it), which {@link parseUnits} reads exactly.
 * Non-finite input → null.
 */
export const unitsOfWireNumber = (n: number): Units | null =>
  Number.isFinite(n) && Math.abs(n) < 1e21 ? parseUnits(n.toFixed(4)) : null;

/** Percent from basis points (−125 → −1.25), as a JSON number. */
export const wirePercent = (bp: number): number => Math.round(bp) / 100;
