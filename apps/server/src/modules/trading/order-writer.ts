import type { Db, PositionSource, Tx } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import { type LocalDate, type OrderTiming, POSITION_STATUS, type Units } from '@kabuto/domain';
import {
  type AccountSpec,
  accountSpecKey,
  createTransferGroups,
  ledgerAccounts,
  shardFor,
  type Transfer,
  type TransferRequest,
} from '@kabuto/ledger';
import type { Instrument } from '@kabuto/market';
import { sql } from 'kysely';
import { batcher, type Outcome } from '../../lib/batcher.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type FundRecordInput, fundRecordsInsert } from '../../shared/fund-records.ts';
import { ledgerRefusal } from '../../shared/ledger.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import { shortfallsOwed } from '../../shared/shortfall.ts';
import { accountIdCache } from './account-ids.ts';
import * as exitsRepo from './exits.repo.ts';
import { exitRows } from './exits.service.ts';
import type { BuyInput } from './orders.service.ts';
import type { OperationKey, TradingDeps } from './trading.deps.ts';
import * as repo from './trading.repo.ts';

/** An order that passed its checks, on its way to the database (see placeOrders). */
export interface PlacedOrder {
  userId: bigint;
  inst: Instrument;
  input: BuyInput;
  price: Units;
  filled: boolean;
  margin: Units;
  fee: Units;
  stampDuty: Units;
  orderNo: string;
  at: Date;
  /** The request's idempotency key: marked applied in the order's transaction. */
  key: OperationKey | undefined;
  source: PositionSource;
  /** Order-book fields of a pending order (see BuyInput.book). */
  timing?: OrderTiming;
  validUntil?: LocalDate | null;
  waitsFor?: Date | null;
  locked?: boolean;
  /** A NISA order: the yen it counts against the quota (set by the batch's NISA check). */
  nisaAmount?: Units;
}

export interface BuyResult {
  id: string;
  order_no: string;
  status: number;
}

/** Orders written in one transaction at most (each is two transfers, a position and two fund records). */
export const ORDER_BATCH = 100;

const asDb = (tx: Tx) => tx as unknown as Db;

/** An order above 1× or a short: a margin position (a 1× long is a cash purchase). */
const isMarginOrder = (o: PlacedOrder) => o.input.leverage > 1 || o.input.direction === 2;

/** The error a refusing function throws, as a value (an order's outcome). */
function refusalError(fn: () => never): unknown {
  try {
    return fn();
  } catch (e) {
    return e;
  }
}

/** A ledger refusal as the error the order's caller gets (see ledgerRefusal). */
function refusalOf(err: unknown): unknown {
  try {
    return ledgerRefusal(err);
  } catch (e) {
    return e;
  }
}

/** The fund records of a filled buy: the margin taken, and the fee (with stamp duty) when there is one. */
export function buyRecords(
  userId: bigint,
  inst: Instrument,
  orderNo: string,
  margin: Units,
  charge: Units,
  marginTransfer: bigint,
  feeTransfer: bigint | undefined,
  at: Date,
): FundRecordInput[] {
  const base = {
    userId,
    currency: inst.market,
    orderNo,
    stockName: inst.names.jp,
    stockCode: inst.symbol,
    at,
  };
  const records: FundRecordInput[] = [
    { ...base, type: 'stock_buy', amount: -margin, transferId: marginTransfer, memo: 'margin' },
  ];
  if (charge > 0n && feeTransfer !== undefined) {
    records.push({ ...base, type: 'fee', amount: -charge, transferId: feeTransfer, memo: 'buy fee' });
  }
  return records;
}

/**
 * The order writer: orders that passed their checks are written in batches (`batcher`): one transaction,
 * one lock of the accounts, one insert each of transfers, positions and fund records for the batch.
 */
export function orderWriter(t: TradingDeps) {
  const { db, keys } = t;
  const accountIds = accountIdCache();

  /**
   * Orders that passed their checks, written together: one transaction, one lock of the accounts, one
   * insert each of transfers, positions and fund records for the whole batch. Each order is its own
   * ledger group, so one user's insufficient balance refuses that order only.
   */
  async function placeOrders(batch: PlacedOrder[]): Promise<Outcome<BuyResult>[]> {
    let learned = new Map<string, bigint>();
    // read before the transaction (an embedded database has one connection: no query beside it)
    const settings = batch.some((o) => o.input.nisa || (isMarginOrder(o) && t.margin))
      ? await loadSettings(db)
      : null;
    const results = await withTx(db, async (tx) => {
      // what the account owes and the margin gate; then the NISA quotas, checked with the user's tax
      // account locked (a refusal refuses that order)
      const refused = await accountChecks(tx, batch, settings);
      if (settings) await nisaChecks(tx, batch, settings, refused);
      const orders = batch.filter((o) => !refused.has(o));
      const placedAnswers = orders.length > 0 ? await placeIn(tx, orders) : [];
      let next = 0;
      return batch.map((o): Outcome<BuyResult> => {
        const error = refused.get(o);
        return error === undefined ? placedAnswers[next++] : { ok: false, error };
      });
    });
    accountIds.learn(learned);
    return results;

    async function placeIn(tx: Tx, orders: PlacedOrder[]): Promise<Outcome<BuyResult>[]> {
      const specs = new Map<string, AccountSpec>();
      const want = orders.map((o) => {
        const mkt = o.inst.market;
        const three: AccountSpec[] = [
          { owner: o.userId, currency: mkt, kind: 'cash' },
          { owner: o.userId, currency: mkt, kind: 'margin' },
          { owner: null, currency: mkt, kind: 'fees', shard: shardFor(o.userId) },
        ];
        const keys = three.map(accountSpecKey);
        three.forEach((spec, i) => {
          if (!accountIds.has(keys[i])) specs.set(keys[i], spec);
        });
        return keys;
      });
      // Accounts not seen yet are read (or created) here, and remembered once this transaction commits.
      const missing = [...specs.keys()];
      const found = await ledgerAccounts(
        asDb(tx),
        missing.map((k) => specs.get(k)!),
      );
      learned = new Map(missing.map((k, i) => [k, found[i].id]));
      const idOf = (k: string) => accountIds.get(k) ?? learned.get(k)!;
      const groups = orders.map((o, i) => {
        const [cash, marginAcc, feesAcc] = want[i].map(idOf);
        const mkt = o.inst.market;
        const ref = `position:${o.orderNo}`;
        const kind = o.filled ? ('single' as const) : ('pending' as const);
        const charge = o.fee + o.stampDuty;
        const reqs: TransferRequest[] = [
          {
            type: kind,
            debitAccountId: cash,
            creditAccountId: marginAcc,
            amount: o.margin,
            currency: mkt,
            code: 'margin_hold',
            operationRef: ref,
          },
        ];
        if (charge > 0n) {
          reqs.push({
            type: kind,
            debitAccountId: cash,
            creditAccountId: feesAcc,
            amount: charge,
            currency: mkt,
            code: 'fee',
            operationRef: ref,
          });
        }
        return reqs;
      });
      const outcomes = await createTransferGroups(tx, groups);
      const placed: { o: PlacedOrder; ts: Transfer[] }[] = [];
      const statusOf = (o: PlacedOrder) => (o.filled ? POSITION_STATUS.holding : POSITION_STATUS.pending);
      const answers: Outcome<BuyResult>[] = orders.map((o, i) => {
        const out = outcomes[i];
        if (!out.ok) return { ok: false, error: refusalOf(out.error) };
        placed.push({ o, ts: out.transfers });
        return { ok: true, value: { id: '', order_no: o.orderNo, status: statusOf(o) } };
      });
      if (placed.length === 0) return answers;
      // The fund records of the filled orders and the placed orders' idempotency keys ride on the
      // positions' insert (one round trip).
      const records = placed
        .filter(({ o }) => o.filled)
        .flatMap(({ o, ts }) =>
          buyRecords(o.userId, o.inst, o.orderNo, o.margin, o.fee + o.stampDuty, ts[0].id, ts[1]?.id, o.at),
        );
      const applied = placed.flatMap(({ o }) => (o.key ? [o.key] : []));
      const rows = await repo.insertPositions(
        tx,
        placed.map(({ o, ts }) => ({
          user_id: o.userId,
          order_no: o.orderNo,
          market: o.inst.market,
          symbol: o.inst.symbol,
          direction: o.input.direction,
          order_type: o.input.orderType,
          leverage: o.input.leverage,
          quantity: o.input.quantity,
          limit_price: o.input.orderType === 2 ? (o.input.limitPrice ?? o.price) : null,
          open_price: o.filled ? o.price : null,
          margin: o.margin,
          buy_fee: o.fee,
          stamp_duty: o.stampDuty,
          status: statusOf(o),
          hold_margin_transfer: o.filled ? null : ts[0].id,
          hold_fee_transfer: o.filled || ts.length < 2 ? null : ts[1].id,
          source: o.source,
          timing: o.timing ?? 'any',
          valid_until: o.validUntil ?? null,
          waits_for: o.waitsFor ?? null,
          locked: o.locked ?? false,
          nisa: o.nisaAmount !== undefined,
          nisa_amount: o.nisaAmount ?? null,
          created_at: o.at,
          filled_at: o.filled ? o.at : null,
          updated_at: o.at,
        })),
        [
          ...(records.length > 0 ? [sql`records as (${fundRecordsInsert(records)})`] : []),
          ...(applied.length > 0 ? [sql`applied as (${keys.appliedKeys(applied)})`] : []),
        ],
      );
      const byNo = new Map(rows.map((r) => [r.order_no, r.id]));
      // IFD / IFDOCO: the exit legs of the orders that carry them, waiting until their order fills
      for (const { o } of placed) {
        if (!o.input.ifd) continue;
        const pos = {
          id: byNo.get(o.orderNo)!,
          user_id: o.userId,
          market: o.inst.market,
          symbol: o.inst.symbol,
          direction: o.input.direction,
        };
        const legs = await exitsRepo.insertExits(
          tx,
          exitRows(pos, o.input.ifd, o.filled ? 'working' : 'waiting', o.at),
        );
        if (legs.length === 2) await exitsRepo.linkOco(tx, legs[0].id, legs[1].id);
      }
      const ids = new Map(rows.map((r) => [r.order_no, String(r.id)]));
      for (const r of answers) if (r.ok) r.value.id = ids.get(r.value.order_no)!;
      return answers;
    }
  }

  /**
   * The checks of a batch that read the accounts, in its transaction (each refuses its order only): a
   * shortfall owed in the order's wallet blocks every new position; a margin order (above 1× or short)
   * passes the margin module's gate. One statement each for the whole batch.
   */
  async function accountChecks(
    tx: Tx,
    batch: PlacedOrder[],
    settings: Settings | null,
  ): Promise<Map<PlacedOrder, unknown>> {
    const refused = new Map<PlacedOrder, unknown>();
    const owed = await shortfallsOwed(
      tx,
      batch.map((o) => o.userId),
    );
    for (const o of batch) {
      const mkt = o.inst.market;
      const amount = owed.get(`${o.userId}|${mkt}`) ?? 0n;
      if (amount > 0n)
        refused.set(
          o,
          refusalError(() =>
            refuse('margin.shortfallOwed', { amount: `${plainAmount(amount)} ${mkt.toUpperCase()}` }),
          ),
        );
    }
    const margin = batch.filter((o) => isMarginOrder(o) && !refused.has(o));
    if (!t.margin || !settings || margin.length === 0) return refused;
    const gates = await t.margin.checkMarginOrders(
      tx,
      margin.map((o) => ({ userId: o.userId, market: o.inst.market })),
      settings,
    );
    margin.forEach((o, i) => {
      if (gates[i]) refused.set(o, gates[i]);
    });
    return refused;
  }

  /** The NISA orders of a batch against the quotas (tax module); sets each accepted order's yen amount. */
  async function nisaChecks(
    tx: Tx,
    batch: PlacedOrder[],
    settings: Settings,
    refused: Map<PlacedOrder, unknown>,
  ): Promise<void> {
    const nisa = batch.filter((o) => o.input.nisa && !refused.has(o));
    if (nisa.length === 0) return;
    const tax = t.tax;
    if (!tax) {
      for (const o of nisa)
        refused.set(
          o,
          refusalError(() => refuse('tax.nisaNotOffered')),
        );
      return;
    }
    const checks = await tax.reserveNisa(
      tx,
      nisa.map((o) => ({
        userId: o.userId,
        currency: o.inst.market,
        leverage: o.input.leverage,
        direction: o.input.direction,
        dayTrade: false,
        value: o.price * o.input.quantity,
      })),
      settings,
    );
    nisa.forEach((o, i) => {
      const c = checks[i];
      if (c.ok) o.nisaAmount = c.amount;
      else
        refused.set(
          o,
          refusalError(() => tax.nisaRefusalError(c.refusal)),
        );
    });
  }

  const placeOrder = batcher(placeOrders, { maxBatch: ORDER_BATCH, maxInFlight: 2 });

  return { placeOrder };
}
