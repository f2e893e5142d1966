import type { UserState } from '@kabuto/db';
import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  CURRENCIES,
  type Currency,
  daysBorrowed,
  formatPercent,
  formatUnits,
  interestFor,
  LOAN,
  LOAN_CODE,
  LOAN_STATE,
  percentToPpm,
  REVIEW_STATE,
  toUnixSeconds,
  type Units,
} from '@kabuto/domain';
import { platformAccount, type TransferRequest, userAccount } from '@kabuto/ledger';
import type { Expression } from 'kysely';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { checkMinorUnit, plainAmount } from '../../shared/amounts.ts';
import { audit } from '../../shared/audit.ts';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { type IdempotencyState, markApplied } from '../../shared/idempotency-keys.ts';
import { type IdentityLookup, requireVerified, type VerifiedSql } from '../../shared/identity.ts';
import { transfer } from '../../shared/ledger.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import * as review from '../../shared/review-queue.ts';
import type { Operator } from '../../shared/sessions.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { CreditInfo, ReadOf, UserInfoContributor, UserInfoPart } from '../../shared/user-info.ts';
import { creditLimits, ruleLimit } from './credit-limit.ts';
import type { LoanInput, LoanRow, LoansDetail, LoanTerms } from './loans.deps.ts';
import * as repo from './loans.repo.ts';

export function loansService(deps: Deps, identity: IdentityLookup, verifiedSql: VerifiedSql) {
  const { db, clock } = deps;
  const creditRule = creditLimits(db, identity);
  async function borrowed(userId: bigint): Promise<Map<string, Units>> {
    return new Map((await repo.outstanding(db, userId)).map((r) => [r.currency, BigInt(r.total)]));
  }

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

  /**
   * /user/to_hq: repay every unpaid loan of the wallet with its interest. `money` may not be below the
   * principal (a repayment may not be less than the loan) nor below principal + interest; exactly what is due is charged.
   */
  async function repay(userId: bigint, input: LoanInput, key?: IdempotencyState) {
    const now = clock.now();
    const orderNo = newOrderNo('R', now);
    return withTx(db, async (tx) => {
      const loans = await repo.lockUnpaid(tx, userId, input.currency);
      if (loans.length === 0) return refuse('loan.notFound');
      const parts = loans.map((l) => ({
        loan: l,
        interest: interestFor(
          l.amount,
          BigInt(l.rate_ppm),
          daysBorrowed(l.decided_at ?? l.created_at, now),
          input.currency,
        ),
      }));
      const principal = parts.reduce((s, p) => s + p.loan.amount, 0n);
      const interest = parts.reduce((s, p) => s + p.interest, 0n);
      if (input.amount < principal)
        refuse('loan.repayLessThanLoan', { due: plainAmount(principal + interest) });
      if (input.amount < principal + interest)
        refuse('loan.repayDue', { due: plainAmount(principal + interest) });

      const cash = await userAccount(tx, userId, input.currency, 'cash');
      const owed = await userAccount(tx, userId, input.currency, 'loan');
      const book = await platformAccount(tx, 'loans', input.currency);
      const requests: TransferRequest[] = [];
      const kinds: { type: 'repay' | 'interest' | null; loanId: bigint; amount: Units }[] = [];
      for (const p of parts) {
        const ref = `loan:${p.loan.id}`;
        requests.push(
          {
            type: 'single',
            debitAccountId: cash.id,
            creditAccountId: book.id,
            amount: p.loan.amount,
            currency: input.currency,
            code: 'repay',
            operationRef: ref,
          },
          {
            type: 'single',
            debitAccountId: book.id,
            creditAccountId: owed.id,
            amount: p.loan.amount,
            currency: input.currency,
            code: 'repay',
            operationRef: ref,
          },
        );
        kinds.push(
          { type: 'repay', loanId: p.loan.id, amount: p.loan.amount },
          { type: null, loanId: p.loan.id, amount: 0n },
        );
        if (p.interest > 0n) {
          requests.push({
            type: 'single',
            debitAccountId: cash.id,
            creditAccountId: book.id,
            amount: p.interest,
            currency: input.currency,
            code: 'interest',
            operationRef: ref,
          });
          kinds.push({ type: 'interest', loanId: p.loan.id, amount: p.interest });
        }
      }
      const transfers = await transfer(tx, requests);
      const at = new Date(now);
      const records: FundRecordInput[] = [];
      transfers.forEach((t, i) => {
        const k = kinds[i];
        if (!k.type) return;
        records.push({
          userId,
          currency: input.currency,
          type: k.type,
          orderNo,
          amount: -k.amount,
          transferId: t.id,
          ref: `loan:${k.loanId}`,
          at,
        });
      });
      await writeFundRecords(tx, records);
      for (const p of parts) {
        await repo.setStatus(tx, p.loan.id, {
          status: LOAN_CODE[LOAN.move('approved', 'repaid')],
          interest_paid: p.interest,
          repaid_at: at,
          repay_order_no: orderNo,
        });
      }
      await markApplied(tx, key);
      return {
        orderNo,
        principal: formatUnits(principal),
        interest: formatUnits(interest),
        total: formatUnits(principal + interest),
      };
    });
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

  // ---------------------------------------------------------------- back office

  async function queue(f: review.QueuePage) {
    const { rows, total } = await repo.queue(db, f);
    const settings = await loadSettings(db);
    return {
      list: await Promise.all(
        rows.map(async (l) => {
          const owed = (await borrowed(l.user_id)).get(l.currency) ?? 0n;
          const { limit } = await creditRule.limitOf(db, l.user_id, l.currency as Currency);
          return {
            id: String(l.id),
            order_number: l.order_no,
            user_id: String(l.user_id),
            account: l.account,
            currency: l.currency,
            amount: formatUnits(l.amount),
            rate: formatPercent(BigInt(l.rate_ppm)),
            credit_score: l.score ?? settings.credit_score_default,
            limit: formatUnits(limit),
            borrowed: formatUnits(owed),
            ...review.decisionFields(LOAN_STATE[l.status], l),
          };
        }),
      ),
      total,
    };
  }

  /** Approve: platform loans → user cash, and the user's loan account records what is owed. */
  const decide = review.reviewDecider(deps, {
    name: 'loan',
    lock: repo.lockLoan,
    // a repaid loan was approved
    state: (l) => (LOAN_STATE[l.status] === 'repaid' ? 'approved' : REVIEW_STATE[l.status as 0 | 1 | 2]),
    async settle(tx, l, { approve, at }) {
      if (!approve) return;
      const currency = l.currency as Currency;
      // The limit may have changed since the application.
      const owed = (await repo.outstanding(tx, l.user_id)).find((r) => r.currency === currency);
      const { limit } = await creditRule.limitOf(tx, l.user_id, currency, true);
      if (l.amount > limit - BigInt(owed?.total ?? 0)) refuse('loan.insufficientQuota');
      const book = await platformAccount(tx, 'loans', currency);
      const cash = await userAccount(tx, l.user_id, currency, 'cash');
      const debt = await userAccount(tx, l.user_id, currency, 'loan');
      const ref = `loan:${l.id}`;
      const [payout] = await transfer(tx, [
        {
          type: 'single',
          debitAccountId: book.id,
          creditAccountId: cash.id,
          amount: l.amount,
          currency,
          code: 'loan',
          operationRef: ref,
        },
        {
          type: 'single',
          debitAccountId: debt.id,
          creditAccountId: book.id,
          amount: l.amount,
          currency,
          code: 'loan',
          operationRef: ref,
        },
      ]);
      await writeFundRecords(tx, [
        {
          userId: l.user_id,
          currency,
          type: 'loan',
          orderNo: l.order_no,
          amount: l.amount,
          transferId: payout.id,
          ref,
          at,
        },
      ]);
    },
    notices: { approved: 'loanApproved', rejected: 'loanRejected' },
    params: (l) => ({ ...review.noticeParams(l), rate: formatPercent(BigInt(l.rate_ppm)) }),
    record: (tx, l, decision) =>
      repo.setStatus(tx, l.id, {
        ...review.decisionColumns(decision),
        status: LOAN_CODE[LOAN.move(LOAN_STATE[l.status], decision.state)],
      }),
    detail: review.auditDetail,
  });

  /** Credit score and (optionally) one wallet's loan limit, set by an operator with a reason. */
  async function setCredit(
    op: Operator,
    input: { id: bigint; score: number; currency: Currency; limit?: Units; reason: string },
  ) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const account = await repo.userExists(tx, input.id);
      if (!account) return refuse('account.notFound');
      const before = {
        score: await repo.creditScore(tx, input.id),
        limit: formatUnits(await repo.limitOf(tx, input.id, input.currency)),
      };
      await repo.upsertScore(tx, input.id, input.score, now);
      if (input.limit !== undefined) await repo.upsertLimit(tx, input.id, input.currency, input.limit, now);
      await audit(
        tx,
        op,
        {
          action: 'user.credit',
          target: `user:${account}`,
          reason: input.reason,
          detail: {
            before,
            after: {
              score: input.score,
              currency: input.currency,
              limit: input.limit === undefined ? undefined : formatUnits(input.limit),
            },
          },
        },
        now,
      );
    });
  }

  /** The credit and the recent loans of a user, for the back office's user page. */
  async function userDetail(userId: bigint): Promise<LoansDetail> {
    const [creditScore, limits, loans] = await Promise.all([
      creditRule.score(db, userId),
      repo.limits(db, userId),
      repo.userLoans(db, userId, undefined, 50),
    ]);
    const t = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);
    return {
      credit: {
        score: creditScore,
        limits: Object.fromEntries(limits.map((l) => [l.currency, formatUnits(l.amount)])),
      },
      loans: loans.map((l) => ({
        id: String(l.id),
        orderNo: l.order_no,
        currency: l.currency,
        amount: formatUnits(l.amount),
        rate: formatPercent(BigInt(l.rate_ppm)),
        status: LOAN_STATE[l.status],
        interestPaid: formatUnits(l.interest_paid),
        reason: l.reason ?? '',
        createdAt: toUnixSeconds(l.created_at.getTime()),
        decidedAt: t(l.decided_at),
        repaidAt: t(l.repaid_at),
      })),
    };
  }

  const pendingCount = async () => ({ loans: await repo.countPending(db) });

  return { userInfo, info, apply, repay, list, queue, decide, setCredit, userDetail, pendingCount };
}

export type LoansService = ReturnType<typeof loansService>;
