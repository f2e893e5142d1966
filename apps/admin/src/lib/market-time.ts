import {
  isLocalDate,
  isMarket,
  MARKET_ZONE,
  type Market,
  wallClock,
  zonedEpoch,
  zoneOffsetMs,
} from '@kabuto/domain';
import { toDate } from './format.ts';

/**
 * A product's schedule (an offering's subscription window, lottery, payment deadline, listing; a block
 * offering's window) is set on its exchange's clock, as the app shows it to users: the back office shows
 * and takes those times on the same clock, whatever the operator's device zone, and says which clock.
 */

const HOUR_MS = 3_600_000;

/** The market of a row (`"jpy"`, `"JPY"`), or null. */
export function marketOf(value: unknown): Market | null {
  const m = typeof value === 'string' ? value.toLowerCase() : '';
  return isMarket(m) ? m : null;
}

/** The usual abbreviation of the exchange's zone at an instant (New York's follows daylight saving). */
export function marketZoneAbbr(market: Market, epochMs: number = Date.now()): string {
  switch (market) {
    case 'jpy':
      return 'JST';
    case 'krw':
      return 'KST';
    case 'cny':
      return 'CST';
    case 'usd':
      return zoneOffsetMs(MARKET_ZONE.usd, epochMs) === -4 * HOUR_MS ? 'EDT' : 'EST';
  }
}

/** The zone's name beside an input, whatever the date: `JST`, `ET` (New York, standard or daylight). */
export const marketZoneShort = (market: Market): string => (market === 'usd' ? 'ET' : marketZoneAbbr(market));

/** The exchange's clock as a form names it: `Asia/Tokyo (JST)`, `America/New_York (ET)`. */
export const marketZoneLabel = (market: Market): string =>
  `${MARKET_ZONE[market]} (${marketZoneShort(market)})`;

/**
 * The markets a symbol's shape fits (`7203`, `130A`: Tokyo; `AAPL`, `BRK.B`: US; six digits: Shanghai,
 * Shenzhen or Korea), or null when its shape says nothing. A hint for the operator, not a rule: the server
 * takes the market from the instrument itself.
 */
export function marketsForSymbol(symbol: string): readonly Market[] | null {
  const s = symbol.trim().toUpperCase();
  if (/^\d{6}$/.test(s)) return ['cny', 'krw'];
  if (/^\d[0-9A-Z]{3}$/.test(s)) return ['jpy'];
  if (/^[A-Z][A-Z.-]{0,9}$/.test(s)) return ['usd'];
  return null;
}

/** Unix seconds (or ms, or ISO text) → `2026-11-25 09:00 JST`, on the exchange's clock. */
export function formatMarketDateTime(value: unknown, market: Market): string {
  const d = toDate(value);
  if (!d) return '—';
  return `${marketWallClock(d.getTime(), market).replace('T', ' ')} ${marketZoneAbbr(market, d.getTime())}`;
}

/**
 * A window on the exchange's clock, the zone said once (`2026-11-25 09:00 – 2026-11-27 15:00 JST`), or at
 * each end when daylight saving starts or ends within it.
 */
export function formatMarketWindow(start: unknown, end: unknown, market: Market): string {
  const [from, to] = [toDate(start), toDate(end)];
  if (!from || !to) return `${formatMarketDateTime(start, market)} – ${formatMarketDateTime(end, market)}`;
  const zone = marketZoneAbbr(market, from.getTime());
  if (zone !== marketZoneAbbr(market, to.getTime()))
    return `${formatMarketDateTime(from, market)} – ${formatMarketDateTime(to, market)}`;
  const wall = (d: Date) => marketWallClock(d.getTime(), market).replace('T', ' ');
  return `${wall(from)} – ${wall(to)} ${zone}`;
}

/** An instant as a `datetime-local` input shows it on the exchange's clock: `2026-11-25T09:00`. */
export const marketWallClock = (epochMs: number, market: Market): string =>
  wallClock(MARKET_ZONE[market], epochMs);

/**
 * A `datetime-local` value (`2026-11-25T09:00`, seconds optional) read on the exchange's clock → epoch
 * ms, or null when it is not such a value.
 */
export function parseMarketWallClock(text: string, market: Market): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m || !isLocalDate(m[1])) return null;
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return zonedEpoch(MARKET_ZONE[market], m[1], h * 3600 + min * 60 + s);
}
