import cn from '../locales/cn/messages.json' with { type: 'json' };
import family from '../locales/family/messages.json' with { type: 'json' };
import jp from '../locales/jp/messages.json' with { type: 'json' };
import us from '../locales/us/messages.json' with { type: 'json' };
import { type FamilyWhere, familyText } from './family.ts';
import type { Entry } from './types.ts';

export { FAMILY_REQUIRED, type FamilyWhere, plainInteger } from './family.ts';
export type { Catalogue, Entry, Text } from './types.ts';

/**
 * Every msg key the server may send, with its text in jp, cn and us and the family's text where it has one.
 * The texts live in `locales/{jp,cn,us}/messages.json` (the same shape as the apps' locale files: one flat
 * JSON file per language and namespace, `{name}` placeholders) and the family's in
 * `locales/family/messages.json`; jp names the keys, and a test fails on a key missing in any language.
 */
export const MESSAGES = Object.fromEntries(
  Object.keys(jp).map((key) => {
    const entry: Entry = {
      jp: jp[key as keyof typeof jp],
      cn: (cn as Record<string, string>)[key],
      us: (us as Record<string, string>)[key],
    };
    if (Object.hasOwn(family, key)) entry.family = (family as Record<string, string>)[key];
    return [key, entry];
  }),
) as Record<keyof typeof jp, Entry>;
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

/** A record an operator names in the three languages (a new-share offering, a copy-trade product). */
export interface NamedInThree {
  readonly [field: string]: unknown;
  readonly name_jp?: unknown;
  readonly name_cn?: unknown;
  readonly name_us?: unknown;
}

/** Its name in `lang`, or its Japanese name where the one in `lang` is blank or missing. */
export function nameIn(r: NamedInThree, lang: string): string {
  const own = inLanguage({ jp: r.name_jp, cn: r.name_cn, us: r.name_us }, lang);
  if (typeof own === 'string' && own.trim() !== '') return own;
  return typeof r.name_jp === 'string' ? r.name_jp : '';
}

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
