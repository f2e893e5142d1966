import { familyMsg, type MsgKey } from '@kabuto/contract';

/**
 * A successful reply: `{status: 1, data}`, and with a success key `code` (Kabuto's apps translate it) and
 * `msg`, the family's text for it (docs/wire.md, "Messages").
 */
export const ok = <T>(data: T, code?: MsgKey) =>
  code ? { status: 1 as const, data, code, msg: familyMsg(code) } : { status: 1 as const, data };

/** One page of a list (`page` 1-based, `size` rows), as the family's list calls take them. */
export const pageOf = <T>(rows: readonly T[], p: { page: number; size: number }): T[] =>
  rows.slice((p.page - 1) * p.size, p.page * p.size);

/** JSON with bigint refused: money must be formatted to a decimal string (formatUnits) before it leaves. */
export function serialize(payload: unknown): string {
  return JSON.stringify(payload, (_key, value) => {
    if (typeof value === 'bigint')
      throw new TypeError('bigint in a reply: format it with formatUnits or String()');
    return value;
  });
}
