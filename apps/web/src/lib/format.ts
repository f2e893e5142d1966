import { unitsOfWireNumber } from '@kabuto/contract/wire';
import {
  type Currency,
  displayDecimal,
  displayMoney,
  formatUnits,
  MARKET_ZONE,
  type Market,
  parseUnits,
  UNIT,
  wallClock,
  withCurrencySign,
} from '@kabuto/domain';

/**
 * Money arrives as decimal strings ("1234.5000") and is formatted with string and bigint maths only:
 * never through a JS number, which would lose digits on large amounts. Market data and position
 * valuation arrive as JSON numbers (docs/wire.md, "Numbers, money and times"); they are read back into the same units once,
 * here, and formatted the same way — no arithmetic on the numbers themselves.
 */

/** A figure as the wire sends it: a decimal string (amounts) or a JSON number (market data). */
export type WireValue = string | number | null | undefined;

/** Parse a wire amount or number; '-' and empty count as 0 (the family's records send '-' for no money). Returns null for anything else. */
export function toUnits(value: WireValue): bigint | null {
  if (typeof value === 'number') return unitsOfWireNumber(value);
  const text = (value ?? '').trim();
  if (text === '' || text === '-') return 0n;
  return parseUnits(text.replace(/,/g, ''));
}

/** A wire figure as the decimal string the order maths read ("2845.5000"); unreadable → "". */
export function decimalText(value: WireValue): string {
  const units = toUnits(value);
  return units === null ? '' : formatUnits(units);
}

/** Price × shares as a decimal string ("230000.0000"), exact: bigint units, never a JS number. */
export const priceTimes = (price: WireValue, shares: number | bigint): string =>
  formatUnits((toUnits(price) ?? 0n) * BigInt(shares));

/** A plain decimal with separators: formatDecimal("1234.5", 2) → "1,234.50". */
export function formatDecimal(value: WireValue, decimals = 2): string {
  const units = toUnits(value);
  return units === null ? '--' : displayDecimal(units, decimals);
}

/**
 * Money for display: formatMoney("1234.5000") → "1,234.50円"; other currencies by their own convention
 * ($1,234.50, ₩1,235, 1,234.50元, 1,234.50 HKD), the domain's `displayMoney`, as the back office shows them.
 */
export function formatMoney(value: WireValue, currency: Currency = 'jpy'): string {
  const units = toUnits(value);
  return units === null ? '--' : displayMoney(units, currency);
}

/** A gain or loss: "+" before a gain, "-" before a loss (formatMoney's), nothing before zero. */
export function formatSignedMoney(value: WireValue, currency: Currency = 'jpy'): string {
  const units = toUnits(value);
  return units === null ? '--' : `${units > 0n ? '+' : ''}${displayMoney(units, currency)}`;
}

/**
 * A quote price with its currency at the instrument's own decimals (those of its tick):
 * formatPriceIn(189.25, 'usd', 2) → "$189.25", formatPriceIn(2845.5, 'jpy', 1) → "2,845.5円".
 */
export function formatPriceIn(value: WireValue, currency: Currency, decimals: number): string {
  const text = formatDecimal(value, decimals);
  return text === '--' ? text : withCurrencySign(text, currency);
}

const EAST_ASIAN = [
  { step: 10n ** 12n, jp: '兆', cn: '万亿' },
  { step: 10n ** 8n, jp: '億', cn: '亿' },
  { step: 10n ** 4n, jp: '万', cn: '万' },
] as const;
const WESTERN = [
  { step: 10n ** 12n, suffix: 'T' },
  { step: 10n ** 9n, suffix: 'B' },
  { step: 10n ** 6n, suffix: 'M' },
  { step: 10n ** 3n, suffix: 'K' },
] as const;

/** Large figures (volume, turnover, market cap) shortened: 1.23億 (jp/cn) or 123.45M (us). */
export function formatCompact(value: WireValue, lang: 'jp' | 'cn' | 'us'): string {
  const units = toUnits(value);
  if (units === null) return '--';
  const abs = units < 0n ? -units : units;
  const rows =
    lang === 'us'
      ? WESTERN.map((r) => ({ step: r.step, suffix: r.suffix }))
      : EAST_ASIAN.map((r) => ({ step: r.step, suffix: r[lang] }));
  for (const { step, suffix } of rows) {
    // units carry 4 decimals: units / step is the scaled figure, again with 4 decimals
    if (abs >= step * UNIT) return `${formatDecimal(formatUnits(units / step), 2)}${suffix}`;
  }
  return formatDecimal(value, 0);
}

/** An amount of money shortened, with its currency: 1.23億円 (jp), $123.45M (us), 4.50亿元 (cn). */
export function formatCompactIn(value: WireValue, currency: Currency, lang: 'jp' | 'cn' | 'us'): string {
  const text = formatCompact(value, lang);
  return text === '--' ? text : withCurrencySign(text, currency);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → "2026/11/22 13:05" in the device's time zone. */
export function formatDateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Unix seconds → "2026/11/25 09:00" on the exchange's clock: a product's schedule (IPO window, lottery,
 * payment deadline, listing; a block offering's window) is exchange-local, whatever the device's zone.
 */
export function formatMarketDateTime(unixSeconds: number, market: Market): string {
  const ms = unixSeconds * 1000;
  if (!Number.isFinite(ms)) return '';
  return wallClock(MARKET_ZONE[market], ms).replace('T', ' ').replaceAll('-', '/');
}

/** Unix seconds → "2026/11/25", the exchange's date. */
export const formatMarketDate = (unixSeconds: number, market: Market): string =>
  formatMarketDateTime(unixSeconds, market).slice(0, 10);

/** Unix seconds → "2026/11/22". */
export function formatDate(unixSeconds: number): string {
  return formatDateTime(unixSeconds).slice(0, 10);
}
