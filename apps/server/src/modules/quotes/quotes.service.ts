import { type quotesApi, wireNumber } from '@kabuto/contract';
import {
  formatPercent,
  formatUnits,
  isMarginEligible,
  MARKETS,
  type Market,
  minimumQuantity,
  toUnixSeconds,
} from '@kabuto/domain';
import {
  type Adjust,
  type Lang,
  type MarketDataProvider,
  type Period,
  PeriodUnavailableError,
  type RankKind,
  rankQuotes,
} from '@kabuto/market';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { nameOf, quoteRow, requireMarket } from '../../shared/market-data.ts';
import { configuredFeeSchedule, leverageFor, loadSettings, marginListOf } from '../../shared/settings.ts';
import * as repo from './quotes.repo.ts';

type DetailData = z.output<typeof quotesApi.stock.data>;

/** Quote calls: indices, rankings, one stock, candles, search and the watchlist. */
export function quotesService({ db, clock }: Deps, market: MarketDataProvider) {
  const instrumentOf = (symbol: string) => {
    const inst = market.instrument(symbol);
    if (!inst) return refuse('trade.unknownSymbol');
    return inst;
  };

  function rows(symbols: readonly string[], lang: Lang) {
    const out = [];
    for (const q of market.quotes(symbols)) {
      const inst = market.instrument(q.symbol);
      if (inst) out.push({ ...quoteRow(q, inst, lang), market: inst.market });
    }
    return out;
  }

  /** The market's indices first, then the other markets' indices. */
  function indices(type: Market, lang: Lang) {
    const order = [type, ...MARKETS.filter((m) => m !== type)];
    const symbols = order.flatMap((m) =>
      market
        .instruments(m)
        .filter((i) => i.kind === 'index')
        .map((i) => i.symbol),
    );
    return rows(symbols, lang);
  }

  async function top(type: Market, rank: RankKind, lang: Lang, limit: number) {
    const stocks = market
      .instruments(type)
      .filter((i) => i.kind === 'stock')
      .map((i) => i.symbol);
    const watchCounts = rank === 'popular' ? await repo.watchCounts(db, type) : undefined;
    return rankQuotes(market.quotes(stocks), rank, { limit, watchCounts }).map((q) =>
      quoteRow(q, market.instrument(q.symbol)!, lang),
    );
  }

  async function detail(symbol: string, lang: Lang, type?: Market): Promise<DetailData> {
    const inst = instrumentOf(symbol);
    if (type) requireMarket(inst, type);
    const q = market.quote(inst.symbol);
    if (!q) return refuse('trade.priceUnavailable');
    const settings = await loadSettings(db);
    const fees = configuredFeeSchedule(settings, inst.market, clock.now());
    return {
      ...quoteRow(q, inst, lang),
      market: inst.market,
      board: inst.board,
      open: wireNumber(q.open),
      preClose: wireNumber(q.preClose),
      high: wireNumber(q.high),
      low: wireNumber(q.low),
      turnover: wireNumber(q.turnover),
      marketCap: q.marketCap === null ? 0 : wireNumber(q.marketCap),
      limitUp: q.limitUp === null ? null : wireNumber(q.limitUp),
      limitDown: q.limitDown === null ? null : wireNumber(q.limitDown),
      tick: wireNumber(q.tick),
      tickTable: inst.tickTable,
      tradingDay: q.tradingDay,
      lot: 1,
      minQty: Number(minimumQuantity(inst.market, q.tradingDay)),
      session: q.session,
      time: toUnixSeconds(q.time),
      buyFeeRate: formatPercent(fees.buy.ppm),
      buyFeeMin: formatUnits(fees.buy.min),
      sellFeeRate: formatPercent(fees.sell.ppm),
      sellFeeMin: formatUnits(fees.sell.min),
      stampDutyRate: formatPercent(fees.stampDutySellPpm),
      leverage: leverageFor(
        settings,
        inst.market,
        isMarginEligible(inst, marginListOf(settings, inst.market)),
      ),
    };
  }

  async function kline(symbol: string, period: Period, adjust: Adjust, limit: number, type?: Market) {
    const inst = instrumentOf(symbol);
    if (type) requireMarket(inst, type);
    const candles = await market.candles(inst.symbol, period, { adjust, limit }).catch((e: unknown) => {
      // a period the provider's plan lacks says so instead of drawing an empty chart
      if (e instanceof PeriodUnavailableError) return refuse('quotes.periodUnavailable');
      throw e;
    });
    return candles.map((c) => ({
      time: toUnixSeconds(c.time),
      open: wireNumber(c.open),
      high: wireNumber(c.high),
      low: wireNumber(c.low),
      close: wireNumber(c.close),
      volume: Number(c.volume),
    }));
  }

  /** Every market, the chosen one (`type`) ranked first. */
  function search(text: string, type: Market | undefined, lang: Lang) {
    const found = market.search(text, { prefer: type }, 30);
    return rows(
      found.map((i) => i.symbol),
      lang,
    );
  }

  async function watchlist(userId: bigint, type: Market, lang: Lang) {
    const symbols = await repo.watchlist(db, userId, type);
    const bySymbol = new Map(market.quotes(symbols).map((q) => [q.symbol, q]));
    const out = [];
    for (const s of symbols) {
      const q = bySymbol.get(s);
      const inst = market.instrument(s);
      if (q && inst) out.push(quoteRow(q, inst, lang));
    }
    return out;
  }

  async function addWatch(userId: bigint, symbol: string, type: Market) {
    const inst = instrumentOf(symbol);
    // A symbol belongs to its own market's list, whatever market the screen was on.
    await repo.addWatch(db, userId, inst.market ?? type, inst.symbol);
  }

  async function removeWatch(userId: bigint, symbols: string[], type: Market) {
    if (symbols.length === 0) refuse('validation.required', { field: 'symbol' });
    if (symbols.length > 200) refuse('validation.tooLong', { field: 'symbol' });
    const byMarket = new Map<Market, string[]>();
    for (const s of symbols) {
      const m = market.instrument(s)?.market ?? type;
      byMarket.set(m, [...(byMarket.get(m) ?? []), s]);
    }
    for (const [m, list] of byMarket) await repo.removeWatch(db, userId, m, list);
  }

  return { indices, top, detail, kline, search, watchlist, addWatch, removeWatch, nameOf };
}

export type QuotesService = ReturnType<typeof quotesService>;
