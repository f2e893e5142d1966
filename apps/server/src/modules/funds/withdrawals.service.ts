import type { UserState } from '@kabuto/db';
import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  type Currency,
  formatUnits,
  ISO_CODE,
  isWindowOpen,
  parseUnits,
  toUnixSeconds,
  type Units,
  windowText,
} from '@kabuto/domain';
import { isLedgerError, platformAccount, userAccount } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { checkMinorUnit, plainAmount } from '../../shared/amounts.ts';
import { audit } from '../../shared/audit.ts';
import { fundPasswordVerifier } from '../../shared/fund-password.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { type IdempotencyState, markApplied } from '../../shared/idempotency-keys.ts';
import { requireVerified, sameName } from '../../shared/identity.ts';
import { transfer } from '../../shared/ledger.ts';
import { maskTail } from '../../shared/masks.ts';
import { sendNotice } from '../../shared/notices.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { hasOpenPositions } from '../../shared/positions.ts';
import type { Operator } from '../../shared/sessions.ts';
import { loadSettings } from '../../shared/settings.ts';
import * as repo from './funds.repo.ts';

export interface WithdrawalInput {
  money: Units;
  bankid: bigint;
  passwords: string;
  type: Currency;
}

export function withdrawalsService(deps: Deps) {
  const { db, clock } = deps;
  const verifyFundPassword = fundPasswordVerifier(deps);

  /**
   * A withdrawal request: every rule of spec §5 and issue 3, then — in one transaction — the request row
   * (one pending per user, enforced by the database) and a pending transfer cash → bank that reserves the
   * amount (shown as frozen). Nothing is paid out until an operator approves.
   */
  async function request(
    user: { id: bigint; state: UserState },
    input: WithdrawalInput,
    key?: IdempotencyState,
  ) {
    if (user.state === 'restricted') refuse('account.restricted');
    if (user.state !== 'active') refuse('account.frozen');
    const settings = await loadSettings(db);
    const now = clock.now();
    if (!isWindowOpen(settings.withdraw_window, now)) {
      refuse('withdraw.outsideHours', { window: windowText(settings.withdraw_window) });
    }
    const limits = settings.withdraw_limits[input.type];
    const min = parseUnits(limits.min) as Units;
    const max = parseUnits(limits.max) as Units;
    if (input.money < min) refuse('withdraw.belowMinimum', { min: plainAmount(min) });
    if (input.money > max) refuse('withdraw.aboveMaximum', { max: plainAmount(max) });
    checkMinorUnit(input.money, input.type);
    const identity = await requireVerified(db, user.id);
    const card = await repo.findCard(db, user.id, input.bankid);
    // no bank account at all: ask for one in the user's own name; someone else's id: not found
    if (!card)
      return refuse((await repo.countCards(db, user.id)) === 0 ? 'withdraw.bankRequired' : 'bank.notFound');
    if (!sameName(card.holder, identity.realname)) refuse('withdraw.bankRequired');
    if (settings.withdraw_block_positions && (await hasOpenPositions(db, user.id)))
      refuse('withdraw.hasPositions');
    if (await repo.hasPendingWithdrawal(db, user.id)) refuse('withdraw.pending');
    await verifyFundPassword(user.id, input.passwords);

    try {
      return await withTx(db, async (tx) => {
        const row = await repo.insertWithdrawal(tx, {
          order_no: newOrderNo('W', now),
          user_id: user.id,
          currency: input.type,
          amount: input.money,
          bank_card_id: card.id,
          holder: card.holder,
          bank: card.bank,
          branch: card.branch,
          branch_code: card.branch_code,
          account_number: card.number,
          account_type: card.account_type,
          created_at: new Date(now),
        });
        const cash = await userAccount(tx, user.id, input.type, 'cash');
        const bank = await platformAccount(tx, 'bank', input.type);
        const [t] = await transfer(tx, [
          {
            type: 'pending',
            debitAccountId: cash.id,
            creditAccountId: bank.id,
            amount: input.money,
            currency: input.type,
            code: 'withdrawal',
            operationRef: `withdrawal:${row.id}`,
          },
        ]);
        await repo.setWithdrawalPending(tx, row.id, t.id);
        await markApplied(tx, key);
        return { id: String(row.id), order_number: row.order_no };
      });
    } catch (err) {
      // Another request of this user got there first (the one-pending index).
      if (isUniqueViolation(err)) refuse('withdraw.pending');
      throw err;
    }
  }

  async function list(userId: bigint, currency: Currency) {
    const rows = await repo.userWithdrawals(db, userId, currency);
    return rows.map((w) => ({
      id: String(w.id),
      order_number: w.order_no,
      type: w.currency as Currency,
      money: formatUnits(w.amount),
      status: w.status,
      reason: w.reason ?? '',
      bank_name: w.bank,
      bank_num: maskTail(w.account_number),
      create_time: toUnixSeconds(w.created_at.getTime()),
      check_time: w.decided_at ? toUnixSeconds(w.decided_at.getTime()) : null,
    }));
  }

  // ---------------------------------------------------------------- back office

  async function queue(f: { status: repo.QueueStatus; page: number; size: number }) {
    const { rows, total } = await repo.queueWithdrawals(db, f);
    return {
      list: rows.map((w) => ({
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
        status: repo.STATUS_NAME[w.status],
        reason: w.reason ?? '',
        create_time: toUnixSeconds(w.created_at.getTime()),
        decide_time: w.decided_at ? toUnixSeconds(w.decided_at.getTime()) : null,
        decided_by: w.decided_by_name ?? '',
      })),
      total,
    };
  }

  /** Approve: post the reservation (paid out) + fund record. Reject: void it (money back) + reason. */
  async function decide(op: Operator, input: { id: bigint; approve: boolean; reason?: string }) {
    if (!input.approve && !input.reason) refuse('admin.reasonRequired');
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const w = await repo.lockWithdrawal(tx, input.id);
      if (!w) return refuse('review.notFound');
      if (w.status !== 0 || w.pending_transfer_id === null) return refuse('review.alreadyDecided');
      const currency = w.currency as Currency;
      const params = { order: w.order_no, amount: plainAmount(w.amount), currency: ISO_CODE[currency] };
      let resolved: bigint;
      try {
        const [t] = await transfer(tx, [
          {
            type: input.approve ? 'post' : 'void',
            pendingId: w.pending_transfer_id,
            operationRef: `withdrawal:${w.id}`,
            memo: input.approve ? null : (input.reason ?? null),
          },
        ]);
        resolved = t.id;
      } catch (err) {
        if (isLedgerError(err, 'pending_already_resolved')) return refuse('review.alreadyDecided');
        throw err;
      }
      if (input.approve) {
        await writeFundRecords(tx, [
          {
            userId: w.user_id,
            currency,
            type: 'withdrawal',
            orderNo: w.order_no,
            amount: -w.amount,
            transferId: resolved,
            ref: `withdrawal:${w.id}`,
            memo: `${w.bank} ${maskTail(w.account_number)}`,
            at: now,
          },
        ]);
        await sendNotice(tx, new Date(clock.now()), w.user_id, 'withdrawApproved', params);
      } else {
        await sendNotice(tx, new Date(clock.now()), w.user_id, 'withdrawRejected', {
          ...params,
          reason: input.reason ?? '',
        });
      }
      await repo.decideWithdrawal(tx, w.id, {
        status: input.approve ? 1 : 2,
        reason: input.approve ? null : (input.reason ?? null),
        resolve_transfer_id: resolved,
        decided_at: now,
        decided_by: op.id,
      });
      await audit(
        tx,
        op,
        {
          action: input.approve ? 'withdrawal.approve' : 'withdrawal.reject',
          target: `withdrawal:${w.id}`,
          reason: input.reason ?? '',
          detail: { order_no: w.order_no, user_id: w.user_id, currency, amount: formatUnits(w.amount) },
        },
        now,
      );
    });
  }

  const pendingCount = async () => repo.countPending(db, 'withdrawal');

  return { request, list, queue, decide, pendingCount };
}

export type WithdrawalsService = ReturnType<typeof withdrawalsService>;
