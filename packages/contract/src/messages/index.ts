import { account } from './account.ts';
import { calendar } from './calendar.ts';
import { common } from './common.ts';
import { dayTrade } from './day-trade.ts';
import { type FamilyWhere, familyText } from './family.ts';
import { ipo } from './ipo.ts';
import { lending } from './lending.ts';
import { money } from './money.ts';
import { products } from './products.ts';
import { records } from './records.ts';
import { security } from './security.ts';
import { support } from './support.ts';
import { tax } from './tax.ts';
import { trading } from './trading.ts';
import type { Catalogue, Entry } from './types.ts';

export { FAMILY_REQUIRED, type FamilyWhere, plainInteger } from './family.ts';
export type { Catalogue, Entry, Text } from './types.ts';

/** Every msg key the server may send, with its text in jp, cn and us. */
export const MESSAGES = {
  ...common,
  ...account,
  ...money,
  ...records,
  ...trading,
  ...security,
  ...ipo,
  ...products,
  ...support,
  ...lending,
  ...dayTrade,
  ...calendar,
  ...tax,
} satisfies Catalogue;
export type MsgKey = keyof typeof MESSAGES;
export const LANGUAGES = ['jp', 'cn', 'us'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isMsgKey = (k: string): k is MsgKey => Object.hasOwn(MESSAGES, k);

/**
 * One language's entry of a table keyed by language (a msg's text, a news title, a name), read by own keys
 * only: a language the table lacks (or a name like `constructor` that only Object.prototype has) gives jp's.
 */
export const inLanguage = <T>(table: Readonly<Record<Language, T>>, lang: string): T =>
  Object.hasOwn(table, lang) ? table[lang as Language] : table.jp;

/** Translate a msg key, filling `{param}` placeholders. Unknown keys fall back to the generic error. */
export function translate(key: string, lang: Language, params?: Record<string, string | number>): string {
  const entry: Entry = isMsgKey(key) ? MESSAGES[key] : MESSAGES['server.error'];
  return inLanguage(entry, lang).replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params && Object.hasOwn(params, name) ? params[name] : `{${name}}`),
  );
}

/**
 * The `msg` a reply carries beside its key (`code`): the family's text (docs/wire.md, "Messages"), or the cn text
 * for a key the family has none for. Unknown keys read as the generic error.
 */
export function familyMsg(
  key: string,
  params?: Record<string, string | number>,
  where?: FamilyWhere,
): string {
  return familyText(isMsgKey(key) ? MESSAGES[key] : MESSAGES['server.error'], key, params, where);
}
