import { displayDecimal, displayMoney, groupThousands, isCurrency, parseUnits, SCALE } from '@kabuto/domain';

/**
 * Display helpers. Money arrives as decimal strings and is formatted with bigint maths only, so large
 * amounts never lose digits through a JS number.
 */

/** A decimal string or finite number → units, or null when it is not a plain amount. */
export function toUnits(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return parseUnits(value.toFixed(SCALE));
  }
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/,/g, '');
  if (text === '') return null;
  return parseUnits(text);
}

/**
 * `formatAmount("1234.5", "jpy")` → `1,234.50円`, `"usd"` → `$1,234.50`: the domain's `displayMoney`, as the
 * app shows money; without a known currency, the figure alone (`1,234.50`).
 */
export function formatAmount(value: unknown, currency?: string): string {
  const units = toUnits(value);
  if (units === null) return typeof value === 'string' ? value : '—';
  const cur = currency?.toLowerCase();
  return cur !== undefined && isCurrency(cur) ? displayMoney(units, cur) : displayDecimal(units, 2);
}

/** A plain number with separators (counts, scores). */
export const formatCount = (n: number): string => groupThousands(String(Math.trunc(n)));

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds, milliseconds, ISO text or numeric text → a Date, or null. */
export function toDate(value: unknown): Date | null {
  let v = value;
  if (typeof v === 'string' && /^\d{9,13}$/.test(v.trim())) v = Number(v.trim());
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v <= 0) return null;
    return new Date(v < 1e11 ? v * 1000 : v);
  }
  if (typeof v === 'string' && v.trim() !== '') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  return null;
}

/** `2026-04-01 09:30:05` in the operator's local time. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  if (!d) return typeof value === 'string' && value !== '' ? value : '—';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}

/** `create_time` → `Create time`, `accountName` → `Account name`. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}
