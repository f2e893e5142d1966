import { withTx } from '@kabuto/db';
import {
  closeOf,
  dailyPnl,
  lastClose,
  localDate,
  type Market,
  MINOR_UNIT,
  navOf,
  nextTradingDay,
  STAKE_CODE,
  STAKE_CODED,
  settleDay,
  tradingDaysBetween,
  type Units,
} from '@kabuto/domain';
import { ledgerAccounts, shardFor } from '@kabuto/ledger';
import type { MarketDataProvider } from '@kabuto/market';
import { dailyKeys, marketOfKey } from '../../shared/daily-keys.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { type CopyTradeDeps, holdingsOf, PRODUCT_STATUS } from './copy-trade.deps.ts';
import * as repo from './copy-trade.repo.ts';
import type { FollowService } from './follow.service.ts';

/** At most this many closes are caught up in one round (a server that was off for a long time). */
const MAX_CATCH_UP = 60;
/** Open stakes are read this many at a time (by id), never a product's all at once. */
const STAKE_BATCH = 1000;

/** Every open stake of a product, `size` at a time in id order. */
async function* openStakes(q: Parameters<typeof repo.openStakesOf>[0], productId: bigint, size: number) {
  for (let after = 0n; ; ) {
    const batch = await repo.openStakesOf(q, productId, after, size);
    if (batch.length === 0) return;
    yield* batch;
    after = batch[batch.length - 1].id;
  }
}

/**
 * The daily closes of some symbols for the given dates, from the market data's daily bars (the simulator
 * back-fills them; a real feed serves its history): date → symbol → close.
 */
export async function closesOn(
  market: MarketDataProvider,
  mkt: Market,
  symbols: readonly string[],
  dates: readonly string[],
): Promise<Map<string, Map<string, Units>>> {
  const want = new Set(dates);
  const out = new Map<string, Map<string, Units>>(dates.map((dt) => [dt, new Map()]));
  const limit = Math.min(5000, dates.length + 10);
  for (const symbol of symbols) {
    for (const c of await market.candles(symbol, '1D', { limit })) {
      const dt = localDate(mkt, c.time);
      if (want.has(dt)) out.get(dt)!.set(symbol, c.close);
    }
  }
  return out;
}

/**
 * The products' leader job, after each close of their market: fix the NAV of every close not yet fixed
 * (from the constituents' closing prices), book each stake's daily P&L for it — a gain paid to cash
 * ("daily profit"), a loss taken from the stake — once per stake and day (the key of
 * `product_stake_day`), move stakes whose lock-in is over to following, and end the products whose end
 * has come (every stake returns, "copy trade refund"). Running it twice for the same day books nothing
 * the second time. A product's open stakes are read `batch` at a time (default 1,000).
 */
export function copyTradeJobs(d: CopyTradeDeps, follow: FollowService, opts: { batch?: number } = {}) {
  const { db, clock, market } = d;
  const batch = opts.batch ?? STAKE_BATCH;

  async function fixNavs(p: repo.ProductRow, now: number): Promise<{ date: string; nav: Units }[]> {
    const mkt = p.market as Market;
    const last = lastClose(mkt, Math.min(now, p.ends_at.getTime()));
    const fixed = (await repo.lastNavs(db, [p.id])).get(p.id)?.date ?? p.inception;
    if (fixed >= last.date) return [];
    const dates = tradingDaysBetween(mkt, nextTradingDay(mkt, fixed), last.date).slice(-MAX_CATCH_UP);
    if (dates.length === 0) return [];
    const holdings = holdingsOf(await repo.constituents(db, [p.id]));
    const closes = await closesOn(
      market,
      mkt,
      holdings.map((h) => h.symbol),
      dates,
    );
    const rows: { date: string; nav: Units }[] = [];
    for (const date of dates) {
      const nav = navOf(holdings, closes.get(date)!);
      if (nav === null) break;
      rows.push({ date, nav });
    }
    await repo.insertNavs(
      db,
      rows.map((r) => ({ product_id: p.id, date: r.date, nav: r.nav })),
    );
    return rows;
  }

  /** Book one close for one stake, once. Returns whether it booked (false: booked already, or ended). */
  async function bookDay(p: repo.ProductRow, stakeId: bigint, date: string, nav: Units): Promise<boolean> {
    const at = new Date(clock.now());
    return withTx(db, async (tx) => {
      const s = await repo.lockStake(tx, stakeId);
      if (!s || s.status === STAKE_CODE.ended || (s.last_date !== null && s.last_date >= date)) return false;
      const pnl = dailyPnl(s.units, s.last_nav, nav);
      const mkt = s.market as Market;
      const day = settleDay(pnl, s.stake, MINOR_UNIT[mkt]);
      let transferId: bigint | null = null;
      if (day.toCash > 0n || day.fromStake > 0n) {
        const [cash, stake, platform] = await ledgerAccounts(tx, [
          { owner: s.user_id, currency: mkt, kind: 'cash' },
          { owner: s.user_id, currency: mkt, kind: 'stake' },
          { owner: null, currency: mkt, kind: 'products', shard: shardFor(s.user_id) },
        ]);
        const gain = day.toCash > 0n;
        const [t] = await transfer(tx, [
          {
            type: 'single',
            debitAccountId: gain ? platform.id : stake.id,
            creditAccountId: gain ? cash.id : platform.id,
            amount: gain ? day.toCash : day.fromStake,
            currency: mkt,
            code: 'product_profit',
            operationRef: `product:${s.order_no}:${date}`,
          },
        ]);
        transferId = t.id;
        // A gain reaches the cash statement; a loss stays inside the stake (shown in the order's days).
        if (gain)
          await writeFundRecords(tx, [
            {
              userId: s.user_id,
              currency: mkt,
              type: 'daily_profit',
              orderNo: s.order_no,
              amount: day.toCash,
              transferId: t.id,
              productName: p.name_jp,
              issuer: p.issuer,
              memo: date,
              at,
            },
          ]);
      }
      const first = await repo.insertDay(tx, {
        stake_id: s.id,
        date,
        nav,
        pnl: day.booked,
        transfer_id: transferId,
        created_at: at,
      });
      if (!first) throw new Error(`stake ${s.id}: day ${date} booked twice`);
      await repo.updateStake(tx, s.id, {
        stake: day.stakeAfter,
        profit: s.profit + day.booked,
        last_nav: nav,
        last_date: date,
      });
      return true;
    });
  }

  async function unlock(now: number): Promise<number> {
    const rows = await repo.unlockable(db, new Date(now));
    let n = 0;
    for (const r of rows) {
      const to = STAKE_CODED.move(r.status, STAKE_CODE.following);
      const done = await db
        .updateTable('product_stake')
        .set({ status: to })
        .where('id', '=', r.id)
        .where('status', '=', STAKE_CODE.locked)
        .executeTakeFirst();
      n += Number(done.numUpdatedRows);
    }
    return n;
  }

  async function endProduct(p: repo.ProductRow, now: number): Promise<number> {
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const locked = await repo.lockProduct(tx, p.id);
      if (!locked || locked.status === PRODUCT_STATUS.ended) return 0;
      let ended = 0;
      for await (const { id } of openStakes(tx, p.id, batch)) {
        const s = (await repo.lockStake(tx, id))!;
        await follow.endStake(tx, s, locked, at);
        ended++;
      }
      await repo.updateProduct(tx, p.id, { status: PRODUCT_STATUS.ended, ended_at: at, updated_at: at });
      return ended;
    });
  }

  /** Fix a product's NAVs of the closes passed, and book every fixed close each stake has not had yet. */
  async function bookProduct(p: repo.ProductRow, now: number): Promise<{ navs: number; booked: number }> {
    const mkt = p.market as Market;
    const navs = (await fixNavs(p, now)).length;
    let booked = 0;
    // every fixed close each stake has not had yet (followed before it), oldest first
    let history: Awaited<ReturnType<typeof repo.navHistory>> | undefined;
    for await (const s of openStakes(db, p.id, batch)) {
      history ??= await repo.navHistory(db, p.id, MAX_CATCH_UP);
      for (const h of history) {
        const closeAt = closeOf(mkt, h.date);
        if (closeAt === null || closeAt <= s.created_at.getTime()) continue;
        if (s.last_date !== null && h.date <= s.last_date) continue;
        if (await bookDay(p, s.id, h.date, h.nav)) booked++;
      }
    }
    return { navs, booked };
  }

  /**
   * Every product at once: its closes booked, then ended when its term is over (`ended`: true), or only
   * those whose term is over (booked first, so the last day is never lost); then the lock-ups that ended.
   */
  async function sweep(onError: ((err: unknown) => void) | undefined, endingOnly: boolean) {
    const now = clock.now();
    let navs = 0;
    let booked = 0;
    let ended = 0;
    for (const p of await repo.activeProducts(db)) {
      const ending = p.ends_at.getTime() <= now;
      if (endingOnly && !ending) continue;
      try {
        const r = await bookProduct(p, now);
        navs += r.navs;
        booked += r.booked;
        if (ending) ended += await endProduct(p, now);
      } catch (err) {
        onError?.(err);
      }
    }
    const unlocked = await unlock(now);
    return { navs, booked, unlocked, ended };
  }

  /** Everything in one go: the daily booking, the ends and the unlocks (tests, and a round run by hand). */
  const runJobs = (onError?: (err: unknown) => void) => sweep(onError, false);

  /** The leader's frequent round: the products whose term is over end, the lock-ups that ended unlock. */
  const runTimed = (onError?: (err: unknown) => void) => sweep(onError, true);

  /**
   * The daily P&L on the durable queue: per market, once after each close (key `jpy:2026-11-27`), every
   * product of the market's NAV fixed and its stakes' days booked. A product that fails fails the run,
   * which the queue retries.
   */
  const daily = {
    name: 'products',
    keys: (now: number) => dailyKeys(now),
    async run(key: string) {
      const mkt = marketOfKey(key);
      const now = clock.now();
      const out = { products: 0, navs: 0, booked: 0 };
      const failed: unknown[] = [];
      for (const p of await repo.activeProducts(db)) {
        if (p.market !== mkt) continue;
        try {
          const r = await bookProduct(p, now);
          out.products++;
          out.navs += r.navs;
          out.booked += r.booked;
        } catch (err) {
          failed.push(err);
        }
      }
      if (failed.length > 0)
        throw new Error(`${failed.length} products not booked: ${String(failed[0])}`, { cause: failed[0] });
      return out;
    },
  };

  return { runJobs, runTimed, daily, fixNavs, bookDay };
}

export type CopyTradeJobs = ReturnType<typeof copyTradeJobs>;
