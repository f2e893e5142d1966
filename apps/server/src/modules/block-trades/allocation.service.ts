import type { Tx } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  allocateProRata,
  BLOCK_LOT,
  BLOCK_SUBSCRIPTION_STATUS,
  decidedStatus,
  entryListText,
  moveBlockSubscription,
  POSITION_STATUS,
} from '@kabuto/domain';
import type { TransferRequest } from '@kabuto/ledger';
import type { Instrument } from '@kabuto/market';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import { sha256Hex } from '../../shared/commitment.ts';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { sendNotice } from '../../shared/notices.ts';
import {
  type AllocatedPosition,
  type AllocationLine,
  type BlockTradesDeps,
  stockOf,
} from './block-trades.deps.ts';
import * as repo from './block-trades.repo.ts';

/**
 * The allocation at a block offering's close: the shares go pro rata in lots of 100 with a seeded draw
 * for the remainder (`allocateProRata`), the allocated part of each hold is posted and becomes a
 * leverage-1 position at the block price (source `block`), and the rest of the hold is released.
 */
export function allocationService(d: BlockTradesDeps) {
  const { db, clock, market } = d;

  /**
   * Allocate an offering (the job once its window has closed; an operator may run it earlier, which
   * closes the window now). Every pending subscription is decided in one transaction.
   */
  async function allocate(offeringId: bigint, actor: Actor | null) {
    const now = clock.now();
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, offeringId);
      if (!o) return refuse('block.notFound');
      if (o.status !== repo.OFFERING_STATUS.open) return refuse('block.closed');
      if (actor === null && o.end_at.getTime() > now) return refuse('block.notOpen');
      if (o.end_at.getTime() > now) {
        await repo.updateOffering(tx, o.id, { end_at: at, updated_at: at });
      }
      const inst = stockOf(market, o.symbol);
      const lines = await decide(tx, o, inst, at);
      const allocated = lines.reduce((s, l) => s + BigInt(l.allocated), 0n);
      await repo.markAllocated(tx, o.id, allocated, at);
      if (actor) {
        await audit(
          tx,
          actor,
          {
            action: 'block.allocate',
            target: `block_offering:${o.id}`,
            detail: { seed: o.seed, commitment: o.commitment, allocated, subscriptions: lines.length },
          },
          at,
        );
      }
      return {
        id: String(o.id),
        seed: o.seed,
        commitment: o.commitment,
        allocated: String(allocated),
        lines,
      };
    });
  }

  async function decide(tx: Tx, o: repo.OfferingRow, inst: Instrument, at: Date): Promise<AllocationLine[]> {
    const subs = await repo.pendingSubscriptions(tx, o.id);
    // The entry list is committed (F9) before the allocation reveals the seed, in the same transaction:
    // the allocation runs at the window's close, so nobody can add or drop a subscription in between.
    const listed = sha256Hex(
      entryListText(
        subs.map((s) => ({ id: s.id, ref: sha256Hex(s.order_no), lots: s.quantity / BLOCK_LOT })),
      ),
    );
    if (o.entries_commitment !== null && o.entries_commitment !== listed) refuse('draw.entriesChanged');
    await repo.updateOffering(tx, o.id, { entries_commitment: listed, updated_at: at });
    if (subs.length === 0) return [];
    const result = allocateProRata(
      o.seed,
      subs.map((s) => ({ id: s.id, lots: s.quantity / BLOCK_LOT })),
      o.shares / BLOCK_LOT,
    );
    const lotsOf = new Map(result.map((r) => [r.id, r.lots]));
    const decided = subs.map((s) => {
      const allocated = (lotsOf.get(s.id) ?? 0n) * BLOCK_LOT;
      return { s, allocated, status: moveBlockSubscription(s.status, decidedStatus(allocated)) };
    });
    const reqs: TransferRequest[] = decided.map(({ s, allocated }) =>
      allocated > 0n
        ? {
            type: 'post',
            pendingId: s.hold_transfer,
            amount: s.price * allocated,
            operationRef: `block:${s.order_no}`,
          }
        : { type: 'void', pendingId: s.hold_transfer, operationRef: `block:${s.order_no}` },
    );
    const ts = await transfer(tx, reqs);
    const won = decided.filter((x) => x.allocated > 0n);
    const positions: AllocatedPosition[] = won.map(({ s, allocated }) => ({
      user_id: s.user_id,
      order_no: s.order_no,
      market: inst.market,
      symbol: inst.symbol,
      direction: 1,
      order_type: 1,
      leverage: 1,
      quantity: allocated,
      limit_price: null,
      open_price: s.price,
      margin: s.price * allocated,
      buy_fee: 0n,
      stamp_duty: 0n,
      status: POSITION_STATUS.holding,
      hold_margin_transfer: null,
      hold_fee_transfer: null,
      source: 'block',
      created_at: at,
      filled_at: at,
      updated_at: at,
    }));
    const ids = new Map(
      (positions.length > 0 ? await d.insertPositions(tx, positions) : []).map((r) => [r.order_no, r.id]),
    );
    const records: FundRecordInput[] = [];
    decided.forEach(({ s, allocated }, i) => {
      if (allocated > 0n)
        records.push({
          userId: s.user_id,
          currency: inst.market,
          type: 'stock_buy',
          orderNo: s.order_no,
          amount: -(s.price * allocated),
          transferId: ts[i].id,
          stockName: inst.names.jp,
          stockCode: inst.symbol,
          memo: 'block trade',
          at,
        });
    });
    await writeFundRecords(tx, records);
    for (const { s, allocated, status } of decided) {
      await repo.decideSubscription(tx, s.id, {
        status,
        allocated,
        position_id: ids.get(s.order_no) ?? null,
        decided_at: at,
      });
      const params = {
        order: s.order_no,
        code: inst.symbol,
        name: inst.names.jp,
        applied: s.quantity.toString(),
        allocated: allocated.toString(),
        price: plainAmount(s.price),
        refund: plainAmount(s.amount - s.price * allocated),
      };
      await sendNotice(
        tx,
        at,
        s.user_id,
        status === BLOCK_SUBSCRIPTION_STATUS.allocated ? 'blockAllocated' : 'blockRefunded',
        params,
      );
    }
    return decided.map(({ s, allocated, status }) => ({
      id: String(s.id),
      user_id: String(s.user_id),
      quantity: s.quantity.toString(),
      allocated: allocated.toString(),
      status,
    }));
  }

  /** The leader's job: allocate every open offering whose window has closed. */
  async function allocateDue(log?: (err: unknown) => void): Promise<{ allocated: number }> {
    const due = await repo.dueOfferings(db, new Date(clock.now()));
    let allocated = 0;
    for (const { id } of due) {
      try {
        await allocate(id, null);
        allocated++;
      } catch (err) {
        log?.(err);
      }
    }
    return { allocated };
  }

  return { allocate, allocateDue };
}

export type AllocationService = ReturnType<typeof allocationService>;
