import { rowSet, type Tx } from '@kabuto/db';
import {
  APPLICATION_STATUS,
  type ApplicationStatus,
  IPO_LOT,
  type LotteryResult,
  type Market,
  moveApplication,
  type Units,
} from '@kabuto/domain';
import {
  type AccountId,
  availableBalance,
  lockLedgerAccounts,
  MAX_BATCH,
  type TransferRequest,
} from '@kabuto/ledger';
import { sql } from 'kysely';
import { plainAmount } from '../../shared/amounts.ts';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { type NoticeInput, type NoticeParam, sendNotices } from '../../shared/notices.ts';
import type { ApplicationRow, OfferingRow } from './new-shares.repo.ts';

/** What a draw's settlement needs from the lottery service. */
export interface SettlementHelpers {
  noticeParams(o: OfferingRow, a: ApplicationRow): Record<string, NoticeParam>;
}

/** An application's row as the draw leaves it. */
interface RowChange {
  id: bigint;
  rank: number;
  outcome: string;
  status: number;
  allotted: bigint;
  paid: bigint;
}

/**
 * The draw's consequences, set-based: what `payWin` and `release` do for one application, done for the
 * results `MAX_BATCH` at a time. Per batch: the unheld winners' cash and allotment accounts locked in one
 * statement, the payments (holds posted, or cash charged at the win) and the losers' holds voided as one
 * ledger batch, the winners' fund records in one insert; then every application's rank, outcome, status,
 * allotment and payment in one `update … from` per batch and the notices in bulk (each batch's, so that a batch is all that is held in memory). A winner whose cash
 * is short abstains exactly as `payWin` has it (status abstained, lost, the "payment failed" notice) and
 * is returned, for the caller to move the waitlist up (the per-application path).
 *
 * Runs inside the draw's transaction: the draw and all of this commit together or not at all, so a
 * crash leaves the offering undrawn and the next round draws it again from the start.
 */
export async function settleDraw(
  tx: Tx,
  h: SettlementHelpers,
  o: OfferingRow,
  byId: ReadonlyMap<bigint, ApplicationRow>,
  results: readonly LotteryResult[],
  at: Date,
): Promise<{ id: bigint; lots: bigint }[]> {
  const price = o.offer_price as Units;
  const currency = o.market as Market;
  const failed: { id: bigint; lots: bigint }[] = [];
  const notices: NoticeInput[] = [];
  const changes: RowChange[] = [];
  /** The application moves on (the domain's transition rules), in memory as `setStatus` has it. */
  const move = (a: ApplicationRow, to: ApplicationStatus) => {
    moveApplication(a.status, to);
    a.status = to;
  };
  for (let i = 0; i < results.length; i += MAX_BATCH) {
    const batch = results.slice(i, i + MAX_BATCH);
    const apps = batch.map((r) => byId.get(r.id) as ApplicationRow);
    const held = (a: ApplicationRow) => a.hold_transfer !== null && a.status === APPLICATION_STATUS.held;
    // the cash and allotment accounts of the winners who pay from cash now (one statement)
    const payers = batch.filter((r, k) => r.outcome === 'won' && !held(apps[k]));
    const accounts = await lockLedgerAccounts(
      tx,
      payers.flatMap((r) => {
        const a = byId.get(r.id) as ApplicationRow;
        return [
          { owner: a.user_id, currency, kind: 'cash' as const },
          // the allotment stays the user's (counted in total assets) until it lists
          { owner: a.user_id, currency, kind: 'allotment' as const },
        ];
      }),
    );
    const accountOf = new Map(
      payers.map((r, k) => [r.id, { cash: accounts[2 * k], ipo: accounts[2 * k + 1] }]),
    );
    // what this batch has charged each cash account so far (one application a user, but never assume it)
    const spent = new Map<AccountId, Units>();
    const requests: TransferRequest[] = [];
    const paying: { a: ApplicationRow; lots: bigint; amount: Units; request: number }[] = [];
    batch.forEach((r, k) => {
      const a = apps[k];
      const base = {
        id: a.id,
        rank: r.rank,
        outcome: r.outcome as string,
        allotted: a.allotted,
        paid: a.paid,
      };
      a.rank = r.rank;
      a.outcome = r.outcome;
      if (r.outcome === 'won') {
        const amount = price * r.lots * IPO_LOT;
        const ref = `ipo:${a.order_no}`;
        if (held(a)) {
          requests.push({
            type: 'post',
            pendingId: a.hold_transfer as bigint,
            amount,
            operationRef: ref,
            memo: 'subscription payment',
          });
        } else {
          const { cash, ipo } = accountOf.get(a.id) as {
            cash: (typeof accounts)[number];
            ipo: (typeof accounts)[number];
          };
          const before = spent.get(cash.id) ?? 0n;
          if (availableBalance(cash) - before < amount) {
            move(a, APPLICATION_STATUS.abstained);
            changes.push({ ...base, outcome: 'lost', status: a.status, allotted: 0n });
            notices.push({ userId: a.user_id, template: 'ipoPaymentFailed', params: h.noticeParams(o, a) });
            failed.push({ id: a.id, lots: r.lots });
            return;
          }
          spent.set(cash.id, before + amount);
          requests.push({
            type: 'single',
            debitAccountId: cash.id,
            creditAccountId: ipo.id,
            amount,
            currency,
            code: 'ipo',
            operationRef: ref,
          });
        }
        paying.push({ a, lots: r.lots, amount, request: requests.length - 1 });
        move(a, APPLICATION_STATUS.paid);
        changes.push({ ...base, outcome: 'won', status: a.status, allotted: r.lots * IPO_LOT, paid: amount });
        notices.push({
          userId: a.user_id,
          template: 'ipoWon',
          params: {
            ...h.noticeParams(o, a),
            shares: (r.lots * IPO_LOT).toString(),
            amount: plainAmount(amount),
          },
        });
      } else if (r.outcome === 'lost') {
        if (held(a))
          requests.push({
            type: 'void',
            pendingId: a.hold_transfer as bigint,
            operationRef: `ipo:${a.order_no}`,
            memo: 'refund of unsubscribed',
          });
        move(a, APPLICATION_STATUS.notWon);
        changes.push({ ...base, outcome: 'lost', status: a.status, allotted: 0n });
        notices.push({ userId: a.user_id, template: 'ipoNotWon', params: h.noticeParams(o, a) });
      } else {
        changes.push({ ...base, status: a.status });
        notices.push({ userId: a.user_id, template: 'ipoWaitlisted', params: h.noticeParams(o, a) });
      }
    });
    const done = requests.length > 0 ? await transfer(tx, requests) : [];
    const records: FundRecordInput[] = paying.map((p) => ({
      userId: p.a.user_id,
      currency,
      type: 'ipo_payment',
      orderNo: p.a.order_no,
      amount: -p.amount,
      transferId: done[p.request].id,
      ref: `ipo:${p.a.order_no}`,
      stockName: o.name_jp,
      stockCode: o.code,
      memo: 'subscription payment',
      at,
    }));
    await writeFundRecords(tx, records);
    await updateApplications(tx, changes.splice(0), at);
    await sendNotices(tx, at, notices.splice(0));
  }
  return failed;
}

/** Many applications' draw columns in one statement. */
async function updateApplications(tx: Tx, changes: readonly RowChange[], at: Date): Promise<void> {
  if (changes.length === 0) return;
  const rows = rowSet(
    'v',
    { id: 'int8', rank: 'int4', outcome: 'text', status: 'int4', allotted: 'int8', paid: 'int8' },
    changes,
  );
  await sql`
    update ipo_application a
    set rank = v.rank, outcome = v.outcome, status = v.status, allotted = v.allotted, paid = v.paid,
      updated_at = ${at}::timestamptz
    from ${rows}
    where a.id = v.id`.execute(tx);
}
