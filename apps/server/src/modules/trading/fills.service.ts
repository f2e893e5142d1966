import type { Db, Tx } from '@kabuto/db';
import { type Direction, movePosition, POSITION_STATUS, positionMargin, type Units } from '@kabuto/domain';
import { ledgerAccounts, shardFor, type TransferRequest } from '@kabuto/ledger';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { configuredLegFees, type Settings } from '../../shared/settings.ts';
import * as exitsRepo from './exits.repo.ts';
import { instrumentOf, type TradingDeps } from './trading.deps.ts';
import type { PositionRow } from './trading.repo.ts';
import * as repo from './trading.repo.ts';

/** The fill of a pending order, as the leader's jobs make it (call auctions, resting fills, allocations). */
export function fillService(t: TradingDeps) {
  const { market } = t;
  const asDb = (tx: Tx) => tx as unknown as Db;

  /**
   * Fill a locked pending order at `price` (the jobs: a call auction, a resting limit reached, an
   * allocation of `quantity` shares at a locked limit). Margin and fees are the fill's: the holds are
   * posted for what the fill needs (the rest released); a fill that needs more than was held (a short
   * sold above its limit, a market order past its hold price) takes the difference from cash, and is
   * refused by the ledger when the cash is not there.
   */
  async function fillLocked(
    tx: Tx,
    pos: PositionRow,
    price: Units,
    now: number,
    /** Read before the transaction (a read inside it could wait on the connection it holds). */
    settings: Settings,
    quantity: bigint = pos.quantity,
  ): Promise<void> {
    const inst = instrumentOf(market, pos.symbol);
    const mkt = inst.market;
    const at = new Date(now);
    if (pos.hold_margin_transfer === null) throw new Error(`pending position ${pos.id} without a hold`);
    movePosition(pos.status, POSITION_STATUS.holding);
    const margin = positionMargin(mkt, price, quantity, pos.leverage);
    const fees = configuredLegFees(
      settings,
      mkt,
      pos.direction as Direction,
      'open',
      price,
      quantity,
      pos.created_at.getTime(),
    );
    const charge = fees.fee + fees.stampDuty;
    const heldCharge = pos.buy_fee + pos.stamp_duty;
    const ref = `position:${pos.order_no}`;
    const min = (x: Units, y: Units) => (x < y ? x : y);
    const reqs: TransferRequest[] = [
      {
        type: 'post',
        pendingId: pos.hold_margin_transfer,
        amount: min(margin, pos.margin),
        operationRef: ref,
      },
    ];
    // what each request is, for its fund record (a void moves nothing and has none)
    const kinds: ('margin' | 'fee' | null)[] = ['margin'];
    if (pos.hold_fee_transfer !== null) {
      const posted = min(charge, heldCharge);
      if (posted > 0n) {
        reqs.push({ type: 'post', pendingId: pos.hold_fee_transfer, amount: posted, operationRef: ref });
        kinds.push('fee');
      } else {
        reqs.push({ type: 'void', pendingId: pos.hold_fee_transfer });
        kinds.push(null);
      }
    }
    const extraMargin = margin - pos.margin;
    const extraCharge = charge - (pos.hold_fee_transfer === null ? 0n : heldCharge);
    if (extraMargin > 0n || extraCharge > 0n) {
      const [cash, marginAcc, feesAcc] = await ledgerAccounts(asDb(tx), [
        { owner: pos.user_id, currency: mkt, kind: pos.day_trade ? 'day_trade' : 'cash' },
        { owner: pos.user_id, currency: mkt, kind: 'margin' },
        { owner: null, currency: mkt, kind: 'fees', shard: shardFor(pos.user_id) },
      ]);
      const single = (credit: bigint, amount: Units, code: 'margin_hold' | 'fee'): TransferRequest => ({
        type: 'single',
        debitAccountId: cash.id,
        creditAccountId: credit,
        amount,
        currency: mkt,
        code,
        operationRef: ref,
      });
      if (extraMargin > 0n) {
        reqs.push(single(marginAcc.id, extraMargin, 'margin_hold'));
        kinds.push('margin');
      }
      if (extraCharge > 0n) {
        reqs.push(single(feesAcc.id, extraCharge, 'fee'));
        kinds.push('fee');
      }
    }
    const ts = await transfer(tx, reqs);
    await exitsRepo.activateWaiting(tx, pos.id, at);
    await repo.markFilled(tx, pos.id, price, at, {
      quantity,
      margin,
      fee: fees.fee,
      stampDuty: fees.stampDuty,
    });
    const base = { userId: pos.user_id, currency: mkt, orderNo: pos.order_no, stockName: inst.names.jp };
    const records: FundRecordInput[] = [];
    ts.forEach((tr, i) => {
      const k = kinds[i];
      if (k === null || pos.day_trade) return;
      records.push({
        ...base,
        stockCode: inst.symbol,
        type: k === 'margin' ? 'stock_buy' : 'fee',
        amount: -tr.amount,
        transferId: tr.id,
        memo: k === 'margin' ? 'margin' : 'buy fee',
        at,
      });
    });
    await writeFundRecords(tx, records);
  }

  return { fillLocked };
}
