/**
 * How a generic record (a queue row, a user, a channel) is laid out: known fields first in a fixed
 * order, images next, everything else after, and what kind of value each field holds.
 */

export const KNOWN_ORDER = [
  'id',
  'order_no',
  'order_number',
  'account',
  'user_id',
  'name',
  'realname',
  'real_name',
  'amount',
  'money',
  'currency',
  'status',
  'state',
  'create_time',
  'created_at',
  'reason',
] as const;

const IMAGE_NAMES = new Set(['frontcard', 'backcard', 'proof', 'front', 'back']);
const DATE_NAMES = new Set(['time', 'date', 'checkedAt', 'createdAt', 'updatedAt']);
const MONEY_NAMES = new Set([
  'amount',
  'money',
  'balance',
  'available',
  'frozen',
  'limit',
  'loan',
  'borrowed',
  'owed',
  'repaid',
  'total',
  'fee',
  'interest',
  'principal',
  'debits_posted',
  'credits_posted',
  'debits_pending',
  'credits_pending',
]);
const CURRENCY_NAMES = ['currency', 'type', 'market'];
const STATUS_NAMES = new Set(['status', 'state', 'kyc_status', 'kyc_state']);

export const isImageField = (key: string): boolean =>
  key.endsWith('_url') || key.endsWith('_upload') || IMAGE_NAMES.has(key);
export const isDateField = (key: string): boolean =>
  DATE_NAMES.has(key) || /(_time|_at)$/.test(key) || /[a-z](Time|At)$/.test(key);
export const isMoneyField = (key: string): boolean =>
  MONEY_NAMES.has(key) || /(_amount|_money|_balance|_limit)$/.test(key);
export const isStatusField = (key: string): boolean => STATUS_NAMES.has(key);

/** The currency a record's amounts are in, when it says. */
export function recordCurrency(record: Record<string, unknown>): string | undefined {
  for (const k of CURRENCY_NAMES) {
    const v = record[k];
    if (typeof v === 'string' && /^[a-z]{3}$/i.test(v)) return v.toLowerCase();
  }
  return undefined;
}

/** Keys of a record (or of many rows together) in display order. */
export function orderKeys(
  records: readonly Record<string, unknown>[],
  hidden: readonly string[] = [],
): string[] {
  const seen = new Set<string>();
  for (const r of records) for (const k of Object.keys(r)) if (!hidden.includes(k)) seen.add(k);
  const known = KNOWN_ORDER.filter((k) => seen.has(k));
  const rest = [...seen].filter((k) => !(KNOWN_ORDER as readonly string[]).includes(k));
  const images = rest.filter(isImageField);
  const others = rest.filter((k) => !isImageField(k));
  return [...known, ...images, ...others];
}

/** A value is "empty" when there is nothing to show. */
export const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Find a field in a record or one level down (e.g. `state` in `{user: {state}}`). */
export function findField(record: Record<string, unknown>, names: readonly string[]): unknown {
  for (const n of names) if (!isBlank(record[n])) return record[n];
  for (const v of Object.values(record)) {
    if (!isPlainObject(v)) continue;
    for (const n of names) if (!isBlank(v[n])) return v[n];
  }
  return undefined;
}
