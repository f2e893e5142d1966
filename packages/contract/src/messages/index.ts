import { account } from './account.ts';
import { calendar } from './calendar.ts';
import { common } from './common.ts';
import { dayTrade } from './day-trade.ts';
import { ipo } from './ipo.ts';
import { lending } from './lending.ts';
import { money } from './money.ts';
import { products } from './products.ts';
import { records } from './records.ts';
import { security } from './security.ts';
import { support } from './support.ts';
import { trading } from './trading.ts';
import type { Catalogue, Text } from './types.ts';

export type { Catalogue, Text } from './types.ts';

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
  const entry: Text = isMsgKey(key) ? MESSAGES[key] : MESSAGES['server.error'];
  return inLanguage(entry, lang).replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params && Object.hasOwn(params, name) ? params[name] : `{${name}}`),
  );
}
