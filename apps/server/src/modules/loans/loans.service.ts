import type { UserState } from '@kabuto/db';
import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  CURRENCIES,
  type Currency,
  daysBorrowed,
  formatPercent,
  formatUnits,
  interestFor,
  percentToPpm,
  toUnixSeconds,
  type Units,
} from '@kabuto/domain';
import type { Expression } from 'kysely';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { checkMinorUnit } from '../../shared/amounts.ts';
import { type IdempotencyState, markApplied } from '../../shared/idempotency-keys.ts';
import { type IdentityLookup, requireVerified, type VerifiedSql } from '../../shared/identity.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { CreditInfo, ReadOf, UserInfoContributor, UserInfoPart } from '../../shared/user-info.ts';
import { creditLimits, owedByCurrency, ruleLimit } from './credit-limit.ts';
import { loansAdmin } from './loans.admin.ts';
import type { LoanInput, LoanRow, LoanTerms } from './loans.deps.ts';
import * as repo from './loans.repo.ts';
import { repaymentService } from './repayment.service.ts';

/**
 * Loans, by job: the user's side here (getUserinfo's credit, the terms, the application, the list), the
 * repayment (`repayment.service.ts`) and the back office (`loans.admin.ts`).
 */
export function loansService(deps: Deps, identity: IdentityLookup, verifiedSql: VerifiedSql) {
  const { db, clock } = deps;
  const creditRule = creditLimits(db, identity);
  const { repay } = repaymentService(deps);
  const { queue, decide, setCredit, userDetail, pendingCount } = loansAdmin(deps, creditRule);
  const borrowed = (userId: bigint) => owedByCurrency(db, userId);

  /**
   * getUserinfo: the credit score, and per wallet the unpaid principal and the limit — the same limit
   * the loan page and the loan checks use (an operator's figure, else the credit-score rule).
   */
  const creditRead = (userId: Expression<bigint>) => repo.creditJson(userId, verifiedSql);
  const userInfo: UserInfoContributor<ReadOf<typeof creditRead>> = {
    read: creditRead,
    part: async (read) => {
      const settings = await loadSettings(db);
      const creditScore = read.score ?? settings.credit_score_default;
      const owed = new Map((read.owed ?? []).map((r) => [r.currency, BigInt(r.total)]));
      const set = new Map((read.limits ?? []).map((l) => [l.currency, BigInt(l.amount)]));
      const credit: CreditInfo = { score: creditScore, owed: {}, limits: {} } as CreditInfo;
      for (const c of CURRENCIES) {
        credit.owed[c] = formatUnits(owed.get(c) ?? 0n);
        credit.limits[c] = formatUnits(set.get(c) ?? ruleLimit(settings, read.verified, creditScore, c));
      }
      return { credit } satisfies UserInfoPart;
    },
  };

  /** The terms shown before applying (`loans.wire.ts` makes the reply). */
  async function info(userId: bigint, input: { currency: Currency; amount?: Units }): Promise<LoanTerms> {
    const settings = await loadSettings(db);
    const ratePpm = percentToPpm(settings.loan_annual_rate);
    // the limit's terms carry the credit score they were computed from
    const [owedBy, terms, pending, tiers] = await Promise.all([
      borrowed(userId),
      creditRule.limitOf(db, userId, input.currency),
      repo.hasPending(db, userId),
      creditRule.tiers(input.currency),
    ]);
    const limit = terms.limit;
    const owed = owedBy.get(input.currency) ?? 0n;
    const available = limit > owed ? limit - owed : 0n;
    return {
      currency: input.currency,
      creditScore: terms.score,
      limit: formatUnits(limit),
      owed: formatUnits(owed),
      available: formatUnits(available),
      rate: formatPercent(ratePpm),
      pending,
      unpaid: owed > 0n,
      verified: terms.verified,
      limitSource: terms.source,
      tiers,
      ...(input.amount !== undefined
        ? {
            dailyInterest: formatUnits(interestFor(input.amount, ratePpm, 1, input.currency)),
            interest30Days: formatUnits(interestFor(input.amount, ratePpm, 30, input.currency)),
          }
        : {}),
    };
  }

  /** /user/to_jq: an application waiting for review (money moves on approval). */
  async function apply(user: { id: bigint; state: UserState }, input: LoanInput, key?: IdempotencyState) {
    if (user.state === 'restricted') refuse('account.restricted');
    checkMinorUnit(input.amount, input.currency);
    await requireVerified(identity, user.id);
    const settings = await loadSettings(db);
    if (await repo.hasPending(db, user.id)) refuse('loan.pending');
    const owed = (await borrowed(user.id)).get(input.currency) ?? 0n;
    if (settings.loan_block_unpaid && owed > 0n) refuse('loan.unpaid');
    const { limit } = await creditRule.limitOf(db, user.id, input.currency);
    if (input.amount > limit - owed) refuse('loan.insufficientQuota');
    const now = clock.now();
    try {
      const row = await withTx(db, async (tx) => {
        const inserted = await repo.insertLoan(tx, {
          order_no: newOrderNo('L', now),
          user_id: user.id,
          currency: input.currency,
          amount: input.amount,
          rate_ppm: Number(percentToPpm(settings.loan_annual_rate)),
          created_at: new Date(now),
        });
        await markApplied(tx, key);
        return inserted;
      });
      return { id: String(row.id), orderNo: row.order_no };
    } catch (err) {
      if (isUniqueViolation(err)) refuse('loan.pending');
      throw err;
    }
  }

  /** The user's loans of a wallet, newest first (`interest`: accrued while open, else what was paid). */
  async function list(userId: bigint, currency: Currency): Promise<LoanRow[]> {
    const rows = await repo.userLoans(db, userId, currency);
    const now = clock.now();
    return rows.map((l) => ({
      id: String(l.id),
      orderNo: l.order_no,
      currency: l.currency as Currency,
      amount: formatUnits(l.amount),
      rate: formatPercent(BigInt(l.rate_ppm)),
      interest: formatUnits(
        l.status === 1
          ? interestFor(
              l.amount,
              BigInt(l.rate_ppm),
              daysBorrowed(l.decided_at ?? l.created_at, now),
              l.currency as Currency,
            )
          : l.interest_paid,
      ),
      status: l.status,
      reason: l.reason ?? '',
      createdAt: toUnixSeconds(l.created_at.getTime()),
      decidedAt: l.decided_at ? toUnixSeconds(l.decided_at.getTime()) : null,
      repaidAt: l.repaid_at ? toUnixSeconds(l.repaid_at.getTime()) : null,
    }));
  }

  return { userInfo, info, apply, repay, list, queue, decide, setCredit, userDetail, pendingCount };
}

export type LoansService = ReturnType<typeof loansService>;
