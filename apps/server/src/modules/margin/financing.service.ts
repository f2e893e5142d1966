import { type Tx, withTx } from '@kabuto/db';
import {
  accruedUnits,
  addDays,
  type FinancingKind,
  financingBases,
  financingCharge,
  financingDays,
  formatUnits,
  isCashPosition,
  type LocalDate,
  localDate,
  type Market,
  parseUnits,
  percentToPpm,
  summedNumerator,
  type Units,
} from '@kabuto/domain';
import { availableBalance, lockLedgerAccounts, shardFor, type TransferRequest } from '@kabuto/ledger';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { dailyKeys, marketOfKey } from '../../shared/daily-keys.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { loadSettings, type MarginFinancingSetting, type Settings } from '../../shared/settings.ts';
import type { FinancedRow } from './financing.repo.ts';
import * as repo from './financing.repo.ts';

/** A day's rate of a kind for a position: yearly ppm per market, or the stock's premium per share per day. */
function rateOf(f: MarginFinancingSetting, kind: FinancingKind, market: Market, symbol: string): bigint {
  if (kind === 'margin_interest') return percentToPpm(f.interest[market]);
  if (kind === 'short_fee') return percentToPpm(f.short_fee[market]);
  const premium = f.premiums[symbol];
  return premium === undefined ? 0n : (parseUnits(premium) ?? 0n);
}

/** Positions accrued in one transaction by the daily job. */
const BATCH = 200;

const openDayOf = (p: FinancedRow) => localDate(p.market as Market, (p.filled_at ?? p.created_at).getTime());

/**
 * The costs of margin positions (信用取引の諸経費; the domain's `financing.ts` says how much): every
 * calendar day a margin position is held at its end accrues its interest (margin long), lending fee and
 * 逆日歩 (short) at the rates of that day, once per (position, day, kind) whatever runs it; the days are
 * charged once, at the close, in its transaction: each kind's exact sum rounded down once, a ledger
 * transfer from the user's cash to the platform's fees and a fund record of its own (what cash cannot pay
 * becomes shortfall, as a close's loss does). A partial close takes its share of the days.
 */
export function financingService(deps: Deps & { market: MarketDataProvider }) {
  const { db, clock, market } = deps;

  /** The days a locked open margin position has to accrue after `accruedThrough`, through `through`. */
  function dueRows(
    p: FinancedRow,
    accruedThrough: LocalDate | null,
    through: LocalDate,
    f: MarginFinancingSetting,
  ): repo.FinancingDayRow[] {
    if (p.open_price === null || p.day_trade || isCashPosition(p)) return [];
    const mkt = p.market as Market;
    const days = financingDays(openDayOf(p), through, accruedThrough);
    if (days.length === 0) return [];
    const bases = financingBases({
      direction: p.direction,
      leverage: p.leverage,
      openPrice: p.open_price,
      quantity: p.quantity,
      margin: p.margin,
    });
    const rows: repo.FinancingDayRow[] = [];
    for (const b of bases) {
      const rate = rateOf(f, b.kind, mkt, p.symbol);
      // a premium only on the days one is set (interest and the fee mark every day accrued)
      if (b.kind === 'short_premium' && rate === 0n) continue;
      for (const day of days) rows.push({ position_id: p.id, day, kind: b.kind, base: b.base, rate });
    }
    return rows;
  }

  /** Accrue locked open margin positions' days after their last accrued through `through`. */
  async function accrueLocked(
    tx: Tx,
    positions: readonly FinancedRow[],
    through: LocalDate,
    f: MarginFinancingSetting,
  ): Promise<number> {
    const last = await repo.accruedThrough(
      tx,
      positions.map((p) => p.id),
    );
    const rows = positions.flatMap((p) => dueRows(p, last.get(p.id) ?? null, through, f));
    const n = await repo.insertDays(tx, rows, new Date(clock.now()));
    if (n > 0) await repo.refreshDue(tx, [...new Set(rows.map((r) => r.position_id))]);
    return n;
  }

  /**
   * Trading's close (in its transaction, after the close's own transfers): accrue the days held up to the
   * day before the close and charge every unposted day. Returns what was charged (the close's P&L counts it).
   */
  async function settleOnClose(tx: Tx, p: FinancedRow, now: number, settings: Settings): Promise<Units> {
    if (p.day_trade || isCashPosition(p)) return 0n;
    const mkt = p.market as Market;
    // the close's day is not held at its end: the days before it (a day the job accrued after the
    // market's close, for a position then closed later that day, is dropped)
    const closeDay = localDate(mkt, now);
    await repo.dropFrom(tx, p.id, closeDay);
    await accrueLocked(tx, [p], addDays(closeDay, -1), settings.margin_financing);
    const due = await repo.sums(tx, [p.id], false);
    const at = new Date(now);
    let total = 0n;
    for (const d of due) {
      const charge = financingCharge(mkt, summedNumerator(d.kind, d.sum));
      const transferId = charge > 0n ? await chargeKind(tx, p, d.kind, charge, at) : null;
      await repo.markPosted(tx, p.id, d.kind, transferId, at);
      total += charge;
    }
    await repo.refreshDue(tx, [p.id]);
    return total;
  }

  /** One kind's charge: from cash as far as it goes, the rest to the user's shortfall; a fund record. */
  async function chargeKind(tx: Tx, p: FinancedRow, kind: FinancingKind, amount: Units, at: Date) {
    const mkt = p.market as Market;
    const [cash, fees] = await lockLedgerAccounts(tx, [
      { owner: p.user_id, currency: mkt, kind: 'cash' },
      { owner: null, currency: mkt, kind: 'fees', shard: shardFor(p.user_id) },
    ]);
    const available = availableBalance(cash);
    const fromCash = available < amount ? (available > 0n ? available : 0n) : amount;
    const ref = `position:${p.order_no}`;
    const reqs: TransferRequest[] = [];
    if (fromCash > 0n)
      reqs.push({
        type: 'single',
        debitAccountId: cash.id,
        creditAccountId: fees.id,
        amount: fromCash,
        currency: mkt,
        code: kind,
        operationRef: ref,
      });
    if (amount > fromCash) {
      const [debt] = await lockLedgerAccounts(tx, [{ owner: p.user_id, currency: mkt, kind: 'shortfall' }]);
      reqs.push({
        type: 'single',
        debitAccountId: debt.id,
        creditAccountId: fees.id,
        amount: amount - fromCash,
        currency: mkt,
        code: kind,
        operationRef: ref,
      });
    }
    const ts = await transfer(tx, reqs);
    if (fromCash > 0n) {
      const inst = market.instrument(p.symbol);
      await writeFundRecords(tx, [
        {
          userId: p.user_id,
          currency: mkt,
          type: kind,
          orderNo: p.order_no,
          amount: -fromCash,
          transferId: ts[0].id,
          ref,
          stockName: inst?.names.jp ?? p.symbol,
          stockCode: p.symbol,
          // the part cash could not pay is shortfall (no cash line)
          memo: amount > fromCash ? `shortfall ${formatUnits(amount - fromCash)}` : undefined,
          at,
        },
      ]);
    }
    return ts[0].id;
  }

  /** A partial close: the part split off takes its share of the unposted days. */
  async function onSplit(tx: Tx, fromId: bigint, partId: bigint, part: bigint, total: bigint) {
    await repo.splitDays(tx, fromId, partId, part, total);
    await repo.refreshDue(tx, [fromId, partId]);
  }

  /**
   * The costs of positions as the app shows them: an open one's unposted days at full precision, a closed
   * one's charges (each kind's sum rounded once, as charged).
   */
  async function financingOf(
    rows: readonly { id: bigint; market: string; status: number }[],
  ): Promise<Map<bigint, Units>> {
    const out = new Map<bigint, Units>();
    const open = rows.filter((r) => r.status === 0 || r.status === 2).map((r) => r.id);
    const closed = rows.filter((r) => r.status === 1);
    for (const s of open.length ? await repo.openSums(db, undefined, open) : [])
      out.set(s.position_id, (out.get(s.position_id) ?? 0n) + accruedUnits(summedNumerator(s.kind, s.sum)));
    const marketOf = new Map(closed.map((r) => [r.id, r.market as Market]));
    for (const s of await repo.sums(
      db,
      closed.map((r) => r.id),
      true,
    )) {
      const mkt = marketOf.get(s.position_id) as Market;
      out.set(
        s.position_id,
        (out.get(s.position_id) ?? 0n) + financingCharge(mkt, summedNumerator(s.kind, s.sum)),
      );
    }
    return out;
  }

  /**
   * Accrue every open margin position of a market through a day (the daily job's key): a batch of
   * positions a transaction, locked (a close of one of them waits, and then finds its days accrued).
   */
  async function accrueMarket(mkt: Market, through: LocalDate) {
    let positions = 0;
    let days = 0;
    let after = 0n;
    for (;;) {
      const batch = await repo.openIds(db, mkt, after, BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].id;
      // read before the transaction (on PGlite a read outside one would wait for it)
      const f = (await loadSettings(db)).margin_financing;
      days += await withTx(db, async (tx) => {
        const open = await repo.lockOpen(
          tx,
          batch.map((b) => b.id),
        );
        positions += open.length;
        return accrueLocked(tx, open, through, f);
      });
    }
    return { positions, days };
  }

  /**
   * The daily job on the durable queue, once per market and business date (`jpy:2026-11-27`): every open
   * margin position accrues through that date. A batch that fails fails the run, which the queue retries
   * (the batches already done accrue nothing twice).
   */
  const daily = {
    name: 'financing',
    keys: (now: number) => dailyKeys(now),
    run: (key: string) => {
      const mkt = marketOfKey(key);
      return accrueMarket(mkt, key.slice(mkt.length + 1));
    },
  };

  return { accrueLocked, settleOnClose, onSplit, financingOf, accrueMarket, daily };
}

export type FinancingService = ReturnType<typeof financingService>;
