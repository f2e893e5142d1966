import type { Db, Tx } from '@kabuto/db';
import {
  type Currency,
  formatUnits,
  parseUnits,
  startingLoanLimit,
  type Units,
  yenInWallet,
} from '@kabuto/domain';
import type { IdentityLookup } from '../../shared/identity.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import * as repo from './loans.repo.ts';

/** The unpaid principal of each of a user's wallets. */
export async function owedByCurrency(db: Db, userId: bigint): Promise<Map<string, Units>> {
  return new Map((await repo.outstanding(db, userId)).map((r) => [r.currency, BigInt(r.total) as Units]));
}

/** Where a wallet's loan limit comes from: an operator's figure, the credit-score rule, or nothing yet. */
export type LimitSource = 'operator' | 'rule' | 'none';

/** The credit-score rule's starting limit in a wallet's currency (0 before verification). */
export const ruleLimit = (settings: Settings, verified: boolean, score: number, currency: Currency): bigint =>
  startingLoanLimit({
    verified,
    score,
    tiers: settings.loan_limit_tiers,
    currency,
    yenPerUnit: settings.fx_reference_rates[currency],
  });

/**
 * A user's loan limit per wallet: the operator's figure when one was set (audited in the back office),
 * else the starting limit of the written credit-score rule (`startingLoanLimit`, settings
 * `loan_limit_tiers`) for verified users, else nothing.
 */
export function creditLimits(db: Db, identity: IdentityLookup) {
  async function score(q: Db | Tx, userId: bigint): Promise<number> {
    return (await repo.creditScore(q, userId)) ?? (await loadSettings(q)).credit_score_default;
  }

  /**
   * `knownVerified`: inside a transaction, say what is known (an approval's applicant was verified to
   * apply) rather than look it up on another connection.
   */
  async function limitOf(
    q: Db | Tx,
    userId: bigint,
    currency: Currency,
    knownVerified?: boolean,
  ): Promise<{ limit: bigint; source: LimitSource; verified: boolean; score: number }> {
    const set = await repo.limitRowOf(q, userId, currency);
    const s = await score(q, userId);
    const settings = await loadSettings(q);
    const verified = knownVerified ?? (await identity(userId)) !== null;
    if (set !== undefined) return { limit: set, source: 'operator', verified, score: s };
    const limit = ruleLimit(settings, verified, s, currency);
    return { limit, source: limit > 0n ? 'rule' : 'none', verified, score: s };
  }

  /** The rule's tiers in a wallet's currency, lowest score first (what the loan page shows). */
  async function tiers(currency: Currency) {
    const settings = await loadSettings(db);
    return [...settings.loan_limit_tiers]
      .sort((a, b) => a.score - b.score)
      .map((t) => ({
        score: t.score,
        limit: formatUnits(
          yenInWallet(parseUnits(t.limit) ?? 0n, currency, settings.fx_reference_rates[currency]),
        ),
      }));
  }

  return { score, limitOf, tiers };
}

export type CreditLimits = ReturnType<typeof creditLimits>;
