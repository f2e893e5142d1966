import { withTx } from '@kabuto/db';
import { daysBorrowed, formatUnits, interestFor, LOAN, LOAN_CODE, type Units } from '@kabuto/domain';
import { platformAccount, type TransferRequest, userAccount } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { type IdempotencyState, markApplied } from '../../shared/idempotency-keys.ts';
import { transfer } from '../../shared/ledger.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import type { LoanInput } from './loans.deps.ts';
import * as repo from './loans.repo.ts';

/** The repayment: a wallet's unpaid loans and their interest, paid in one transaction. */
export function repaymentService({ db, clock }: Deps) {
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

  return { repay };
}
