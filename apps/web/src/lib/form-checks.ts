import type { MsgParams } from './messages.ts';

/** A failed client-side check as a contract msg key (the server checks again and decides). */
export interface Problem {
  msg: string;
  params?: MsgParams;
}

export const required = (value: string | null | undefined, field: string): Problem | null =>
  value?.trim() ? null : { msg: 'validation.required', params: { field } };

const FULL_WIDTH = /[\u3000\uFF01-\uFF5E]/;
export const halfWidth = (value: string, field: string): Problem | null =>
  FULL_WIDTH.test(value) ? { msg: 'validation.halfWidth', params: { field } } : null;

/** Amount within [min, max] (units); the messages name the limit. */
export function checkRange(
  units: bigint | null,
  min: bigint | null,
  max: bigint | null,
  keys: { below: string; above: string },
  plain: (u: bigint) => string,
): Problem | null {
  if (units === null) return { msg: 'validation.amount' };
  if (min !== null && units < min) return { msg: keys.below, params: { min: plain(min) } };
  if (max !== null && units > max) return { msg: keys.above, params: { max: plain(max) } };
  return null;
}
