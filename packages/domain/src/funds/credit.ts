import type { Currency } from '../currencies.ts';
import { MINOR_UNIT, parseUnits, roundTo, type Units } from '../money.ts';

/**
 * The starting loan limit of a verified user, from their credit score (the written rule):
 *
 * - An unverified user has no limit.
 * - Otherwise the limit in yen is that of the highest tier whose score the user's credit score reaches
 *   (none reached: no limit).
 * - Other wallets get the same yen amount at the configured FX reference rate (yen per unit), rounded
 *   down to the wallet's minor unit.
 * - An operator's limit for a wallet, once set, replaces the rule for that wallet.
 *
 * A higher credit score reaches a higher tier; the tiers are a setting.
 */
export interface CreditTier {
  /** The credit score from which the tier applies. */
  score: number;
  /** The limit in yen, a decimal string. */
  limit: string;
}

/** The tier a score reaches (the highest score ≤ `score`), or undefined. */
export function creditTier(tiers: readonly CreditTier[], score: number): CreditTier | undefined {
  let best: CreditTier | undefined;
  for (const t of tiers) if (t.score <= score && (!best || t.score > best.score)) best = t;
  return best;
}

/** The next tier above `score`, to say how to raise the limit; undefined at the top. */
export function nextCreditTier(tiers: readonly CreditTier[], score: number): CreditTier | undefined {
  let next: CreditTier | undefined;
  for (const t of tiers) if (t.score > score && (!next || t.score < next.score)) next = t;
  return next;
}

/** `yen` in a wallet at `yenPerUnit` (a decimal string), rounded down to the wallet's minor unit. */
export function yenInWallet(yen: Units, currency: Currency, yenPerUnit: string): Units {
  if (currency === 'jpy') return yen;
  const rate = parseUnits(yenPerUnit);
  if (rate === null || rate <= 0n) return 0n;
  return roundTo((yen * 10_000n) / rate, MINOR_UNIT[currency], 'down');
}

/** The rule's limit for one wallet (0 when unverified or below every tier). */
export function startingLoanLimit(input: {
  verified: boolean;
  score: number;
  tiers: readonly CreditTier[];
  currency: Currency;
  /** Yen per unit of `currency`, a decimal string (the FX reference rate). */
  yenPerUnit: string;
}): Units {
  if (!input.verified) return 0n;
  const tier = creditTier(input.tiers, input.score);
  const yen = tier ? parseUnits(tier.limit) : null;
  if (yen === null || yen <= 0n) return 0n;
  return yenInWallet(yen, input.currency, input.yenPerUnit);
}
