import type { UserState } from '@kabuto/db';
import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  type Currency,
  formatUnits,
  ISO_CODE,
  isWindowOpen,
  parseUnits,
  REVIEW_STATE,
  toUnixSeconds,
  type Units,
  windowText,
} from '@kabuto/domain';
import {
  availableBalance,
  isLedgerError,
  lockLedgerAccounts,
  platformAccount,
  userAccount,
} from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { checkMinorUnit, plainAmount } from '../../shared/amounts.ts';
import { fundPasswordVerifier } from '../../shared/fund-password.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { type IdempotencyState, markApplied } from '../../shared/idempotency-keys.ts';
import { type IdentityLookup, requireVerified, sameName } from '../../shared/identity.ts';
import { transfer } from '../../shared/ledger.ts';
import { mailNotice } from '../../shared/mail/index.ts';
import { maskTail } from '../../shared/masks.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import type { OpenPositionsCheck } from '../../shared/positions.ts';
import * as review from '../../shared/review-queue.ts';
import { loadSettings } from '../../shared/settings.ts';
import { withdrawableOf } from '../../shared/settlement.ts';
import { shortfallOwed } from '../../shared/shortfall.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import * as repo from './funds.repo.ts';

export interface WithdrawalInput {
  amount: Units;
  currency: Currency;
  /** one of the user's bank cards */
  cardId: bigint;
  fundPassword: string;
}

export function withdrawalsService(
  deps: Deps,
  reads: { identity: IdentityLookup; hasOpenPositions: OpenPositionsCheck; stepUp: StepUpCheck },
) {
  const { db, clock } = deps;
  const verifyFundPassword = fundPasswordVerifier(deps);

  /**
   * A withdrawal request: every rule (the account active, the withdrawal window, the wallet's limits, KYC
   * verified, a bank card in the user's own name, no open stock positions when the setting says so, the
   * fund password; issue 3), then — in one transaction — the request row
   * (one pending per user, enforced by the database) and a pending transfer cash → bank that reserves the
   * amount (shown as frozen). Nothing is paid out until an operator approves.
   */
  async function request(
    user: { id: bigint; state: UserState; sessionId: bigint },
    input: WithdrawalInput,
    key?: IdempotencyState,
    stepUpProof?: string,
  ) {
    if (user.state === 'restricted') refuse('account.restricted');
    if (user.state !== 'active') refuse('account.frozen');
    // a shortfall (不足金) owed in the wallet blocks withdrawals until deposits have repaid it
    const owed = await shortfallOwed(db, user.id, input.currency);
    if (owed > 0n)
      refuse('margin.shortfallOwed', { amount: `${plainAmount(owed)} ${ISO_CODE[input.currency]}` });
    const settings = await loadSettings(db);
    const now = clock.now();
    if (!isWindowOpen(settings.withdraw_window, now)) {
      refuse('withdraw.outsideHours', { window: windowText(settings.withdraw_window) });
    }
    const limits = settings.withdraw_limits[input.currency];
    const min = parseUnits(limits.min) as Units;
    const max = parseUnits(limits.max) as Units;
    if (input.amount < min) refuse('withdraw.belowMinimum', { min: plainAmount(min) });
    if (input.amount > max) refuse('withdraw.aboveMaximum', { max: plainAmount(max) });
    checkMinorUnit(input.amount, input.currency);
    const identity = await requireVerified(reads.identity, user.id);
    const card = await repo.findCard(db, user.id, input.cardId);
    // no bank account at all: ask for one in the user's own name; someone else's id: not found
    if (!card)
      return refuse((await repo.countCards(db, user.id)) === 0 ? 'withdraw.bankRequired' : 'bank.notFound');
    if (!sameName(card.holder, identity.realname)) refuse('withdraw.bankRequired');
    if (settings.withdraw_block_positions && (await reads.hasOpenPositions(user.id)))
      refuse('withdraw.hasPositions');
    if (await repo.hasPendingWithdrawal(db, user.id)) refuse('withdraw.pending');
    await verifyFundPassword(user.id, input.fundPassword);

    try {
      return await withTx(db, async (tx) => {
        await reads.stepUp(tx, user, stepUpProof);
        // sale proceeds are withdrawable from their settlement date: the cash (and the bank account, in
        // id order as the transfer will) locked and read, then the unsettled part kept back
        const [locked] = await lockLedgerAccounts(tx, [
          { owner: user.id, currency: input.currency, kind: 'cash' },
          { owner: null, currency: input.currency, kind: 'bank' },
        ]);
        const available = availableBalance(locked);
        if (input.amount <= available) {
          const w = await withdrawableOf(tx, user.id, input.currency, available, now);
          if (input.amount > w.withdrawable)
            refuse('withdraw.aboveWithdrawable', { amount: plainAmount(w.withdrawable) });
        }
        const row = await repo.insertWithdrawal(tx, {
          order_no: newOrderNo('W', now),
          user_id: user.id,
          currency: input.currency,
          amount: input.amount,
          bank_card_id: card.id,
          holder: card.holder,
          bank: card.bank,
          branch: card.branch,
          branch_code: card.branch_code,
          account_number: card.number,
          account_type: card.account_type,
          created_at: new Date(now),
        });
        const cash = await userAccount(tx, user.id, input.currency, 'cash');
        const bank = await platformAccount(tx, 'bank', input.currency);
        const [t] = await transfer(tx, [
          {
            type: 'pending',
            debitAccountId: cash.id,
            creditAccountId: bank.id,
            amount: input.amount,
            currency: input.currency,
            code: 'withdrawal',
            operationRef: `withdrawal:${row.id}`,
          },
        ]);
        await repo.setWithdrawalPending(tx, row.id, t.id);
        await mailNotice(tx, new Date(now), user.id, 'withdrawal', 'withdrawRequested', {
          ...review.noticeParams({
            ...row,
            user_id: user.id,
            amount: input.amount,
            currency: input.currency,
          }),
          bank: `${card.bank} ${maskTail(card.number)}`,
        });
        await markApplied(tx, key);
        return { id: String(row.id), orderNo: row.order_no };
      });
    } catch (err) {
      // Another request of this user got there first (the one-pending index).
      if (isUniqueViolation(err)) refuse('withdraw.pending');
      throw err;
    }
  }

  /** What of a wallet may be withdrawn now, and when the unsettled sale proceeds become free. */
  async function withdrawable(userId: bigint, currency: Currency) {
    const available = availableBalance(await userAccount(db, userId, currency, 'cash'));
    return { currency, available, ...(await withdrawableOf(db, userId, currency, available, clock.now())) };
  }

  /** The user's withdrawals of a wallet, newest first (the account number masked). */
  async function list(userId: bigint, currency: Currency) {
    const rows = await repo.userWithdrawals(db, userId, currency);
    return rows.map((w) => ({
      id: String(w.id),
      orderNo: w.order_no,
      currency: w.currency as Currency,
      amount: formatUnits(w.amount),
      status: w.status,
      reason: w.reason ?? '',
      bank: w.bank,
      accountNumber: maskTail(w.account_number),
      createdAt: toUnixSeconds(w.created_at.getTime()),
      decidedAt: w.decided_at ? toUnixSeconds(w.decided_at.getTime()) : null,
    }));
  }

  // ---------------------------------------------------------------- back office

  async function queue(f: review.QueuePage) {
    return review.listOf(await repo.queueWithdrawals(db, f), (w) => ({
      id: String(w.id),
      order_number: w.order_no,
      user_id: String(w.user_id),
      account: w.account,
      currency: w.currency,
      amount: formatUnits(w.amount),
      holder: w.holder,
      bank: w.bank,
      branch: w.branch,
      branch_code: w.branch_code,
      account_number: w.account_number,
      account_type: w.account_type,
      ...review.decisionFields(REVIEW_STATE[w.status], w),
    }));
  }

  /** Approve: post the reservation (paid out) + fund record. Reject: void it (money back) + reason. */
  const decide = review.reviewDecider(deps, {
    name: 'withdrawal',
    lock: repo.lockWithdrawal,
    state: review.codedState,
    async settle(tx, w, { approve, reason, at }): Promise<bigint> {
      if (w.pending_transfer_id === null) return refuse('review.alreadyDecided');
      let resolved: bigint;
      try {
        const [t] = await transfer(tx, [
          {
            type: approve ? 'post' : 'void',
            pendingId: w.pending_transfer_id,
            operationRef: `withdrawal:${w.id}`,
            memo: approve ? null : reason,
          },
        ]);
        resolved = t.id;
      } catch (err) {
        if (isLedgerError(err, 'pending_already_resolved')) return refuse('review.alreadyDecided');
        throw err;
      }
      if (approve) {
        await writeFundRecords(tx, [
          {
            userId: w.user_id,
            currency: w.currency as Currency,
            type: 'withdrawal',
            orderNo: w.order_no,
            amount: -w.amount,
            transferId: resolved,
            ref: `withdrawal:${w.id}`,
            memo: `${w.bank} ${maskTail(w.account_number)}`,
            at,
          },
        ]);
      }
      return resolved;
    },
    notices: { approved: 'withdrawApproved', rejected: 'withdrawRejected' },
    mail: 'withdrawal',
    params: review.noticeParams,
    record: (tx, w, decision, resolved) =>
      repo.decideWithdrawal(tx, w.id, { ...review.decisionColumns(decision), resolve_transfer_id: resolved }),
    detail: review.auditDetail,
  });

  const pendingCount = async () => repo.countPending(db, 'withdrawal');

  return { request, withdrawable, list, queue, decide, pendingCount };
}

export type WithdrawalsService = ReturnType<typeof withdrawalsService>;
