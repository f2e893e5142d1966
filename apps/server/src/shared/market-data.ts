import type { WsTick } from '@kabuto/contract';
import { formatUnits, toUnixSeconds } from '@kabuto/domain';
import type { Instrument, Lang, Quote } from '@kabuto/market';

/**
 * How quotes go on the wire, shared by the quote calls, the stream and the position lists:
 * prices as decimal strings, change % with 2 decimals, times in unix seconds, names in the request's
 * language.
 */

/** Change in basis points → "1.25" / "-0.40". */
export function gainText(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const nameOf = (inst: Instrument, lang: Lang): string => inst.names[lang] || inst.names.jp;

export function quoteRow(q: Quote, inst: Instrument, lang: Lang) {
  return {
    symbol: q.symbol,
    name: nameOf(inst, lang),
    price: formatUnits(q.price),
    gain: gainText(q.changeBp),
    gainValue: formatUnits(q.change),
    volume: q.volume.toString(),
  };
}

export function tickOf(q: Quote): WsTick {
  return {
    type: 'tick',
    symbol: q.symbol,
    price: formatUnits(q.price),
    gain: gainText(q.changeBp),
    gainValue: formatUnits(q.change),
    high: formatUnits(q.high),
    low: formatUnits(q.low),
    volume: q.volume.toString(),
    time: toUnixSeconds(q.time),
  };
}
