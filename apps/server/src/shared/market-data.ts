import { inLanguage, type WsTick, wireNumber, wirePercent } from '@kabuto/contract';
import { type Market, toUnixSeconds } from '@kabuto/domain';
import type { DataMode, Instrument, Lang, MarketDataProvider, Quote } from '@kabuto/market';
import { refuse } from '../lib/errors.ts';

/**
 * How quotes go on the wire, shared by the quote calls, the stream and the position lists:
 * prices and volumes as JSON numbers (docs/wire.md, "Numbers, money and times"; converted by the contract's wireNumber),
 * change % with 2 decimals, times in unix seconds, names in the request's language.
 */

/**
 * `type` must match the instrument (docs/wire.md, "`type`: markets and wallets"): a symbol of another market than the one the
 * client named is refused, so that 7203 under `type=usd` is never priced or booked as dollars.
 */
export function requireMarket(inst: Pick<Instrument, 'market' | 'symbol'>, type: Market): void {
  if (inst.market !== type) refuse('trade.marketMismatch', { symbol: inst.symbol });
}

/**
 * A market's data mode (`live`, `delayed` with its minutes, `simulated`), read from a quote of one of its
 * stocks: every quote of a market comes from that market's provider (docs/market-data.md).
 */
export function marketModeOf(
  market: MarketDataProvider,
  m: Market,
): { mode: DataMode; delayMinutes: number } {
  const inst = market.instruments(m).find((i) => i.kind === 'stock');
  const q = inst ? market.quote(inst.symbol) : null;
  return { mode: q?.mode ?? 'simulated', delayMinutes: q?.delayMinutes ?? 0 };
}

export const nameOf = (inst: Instrument, lang: Lang): string => inLanguage(inst.names, lang) || inst.names.jp;

export function quoteRow(q: Quote, inst: Instrument, lang: Lang) {
  return {
    symbol: q.symbol,
    name: nameOf(inst, lang),
    price: wireNumber(q.price),
    gain: wirePercent(q.changeBp),
    gainValue: wireNumber(q.change),
    volume: Number(q.volume),
    mode: q.mode,
    delayMinutes: q.delayMinutes,
    stale: q.stale,
  };
}

export function tickOf(q: Quote): WsTick {
  return {
    type: 'tick',
    symbol: q.symbol,
    price: wireNumber(q.price),
    gain: wirePercent(q.changeBp),
    gainValue: wireNumber(q.change),
    high: wireNumber(q.high),
    low: wireNumber(q.low),
    volume: Number(q.volume),
    time: toUnixSeconds(q.time),
    mode: q.mode,
    delayMinutes: q.delayMinutes,
    stale: q.stale,
  };
}
