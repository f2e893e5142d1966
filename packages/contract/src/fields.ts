import { CURRENCIES, MARKETS, parseUnits } from '@kabuto/domain';
import { z } from 'zod';
import { LANGUAGES } from './messages/index.ts';

/**
 * Reusable body fields. Every error message is a msg key from ./messages; the server adds
 * `params.field` from the issue path. Form bodies arrive as strings, JSON bodies may carry numbers.
 */
const FULL_WIDTH = /[\u3000\uFF01-\uFF5E]/;

/** JSON clients may send 12 for "12"; anything that is not a plain finite number stays as it is and fails. */
const numberToString = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e15 ? String(v) : v;

/** A NUL or a lone (unpaired) UTF-16 surrogate: text PostgreSQL cannot store, never a real character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasBadCharacters = (s: string): boolean => s.includes('\0') || LONE_SURROGATE.test(s);

/** Every text field of the contract is built on this: required, and storable (no NUL, no lone surrogate). */
const requiredString = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.invalid') })
    .refine((s) => !hasBadCharacters(s), { error: 'validation.badCharacters', abort: true });

/**
 * The largest amount any call takes unless its field says less: ten billion of the currency. The
 * ledger's columns are 64-bit units at scale 4 (about 9.2 × 10^14 of a currency); sums and fees of
 * amounts up to this maximum stay far below that.
 */
export const AMOUNT_MAX = '10000000000';
/** The largest credit limit an operator may grant one user: a billion of the currency. */
export const LOAN_LIMIT_MAX = '1000000000';
/** The highest limit price an order may carry: a hundred million of the currency per share. */
export const PRICE_MAX = '100000000';

/** Free text: trimmed, required, bounded. */
export const text = (max = 100) =>
  requiredString().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** Text kept exactly as sent (not trimmed, may be empty), bounded: e.g. a setting's value. */
export const verbatim = (max: number) => requiredString().max(max, 'validation.tooLong');

/** Optional free text. */
export const optionalText = (max = 500) => requiredString().trim().max(max, 'validation.tooLong').optional();

/** Half-width only (ids, codes, numbers typed by the user). */
export const halfWidth = (max = 64) =>
  text(max).refine((s) => !FULL_WIDTH.test(s), { error: 'validation.halfWidth', abort: true });

/**
 * A new password: 8–64 characters of any kind, not trimmed (spaces are characters), as NIST SP 800-63B
 * asks; the server also refuses common ones and the account's own name.
 */
export const password = () =>
  requiredString()
    .min(1, 'validation.required')
    .max(64, 'account.passwordFormat')
    .refine((s) => [...s].length >= 8, { error: 'account.passwordFormat', abort: true });

/** The fund (trading) password: exactly 6 half-width digits. */
export const fundPassword = () =>
  requiredString()
    .min(1, 'validation.required')
    .max(32, 'account.fundPasswordFormat')
    .regex(/^\d{6}$/, 'account.fundPasswordFormat');

/**
 * A positive amount of money as a decimal string (≤ 4 decimals) → bigint units, at most `max` (the
 * business maximum of the field; {@link AMOUNT_MAX} by default).
 */
export const amount = (max: string = AMOUNT_MAX) => {
  const maxUnits = parseUnits(max) as bigint;
  return z.preprocess(
    numberToString,
    requiredString()
      .trim()
      .min(1, 'validation.required')
      .refine((s) => !FULL_WIDTH.test(s), { error: 'validation.halfWidth', abort: true })
      .regex(/^\d{1,15}(\.\d{1,4})?$/, 'validation.amount')
      .transform((s) => parseUnits(s) as bigint)
      .refine((u) => u > 0n, { error: 'validation.amount', abort: true })
      .refine((u) => u <= maxUnits, 'validation.amountTooLarge'),
  );
};

/** A positive whole number (share quantity, lots) → bigint. */
export const positiveInt = (maxDigits = 12) =>
  z.preprocess(
    numberToString,
    requiredString()
      .trim()
      .min(1, 'validation.required')
      .refine((s) => !FULL_WIDTH.test(s), { error: 'validation.halfWidth', abort: true })
      .regex(new RegExp(`^\\d{1,${maxDigits}}$`), 'validation.positiveInteger')
      .transform((s) => BigInt(s))
      .refine((n) => n > 0n, 'validation.positiveInteger'),
  );

/**
 * A count of shares as a person types it: full-width digits and thousands commas (「１，０００」, "1,000")
 * are normalised before the check; anything else is refused as `positiveInt` refuses it.
 */
export const shareCount = (maxDigits = 12) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
            .replace(/(\d)[,\uFF0C](?=\d{3}(?:\D|$))/g, '$1')
        : v,
    positiveInt(maxDigits),
  );

/** A row id as the client sends it. */
export const id = () =>
  z.preprocess(
    numberToString,
    requiredString()
      .trim()
      .min(1, 'validation.required')
      .regex(/^\d{1,18}$/, 'validation.invalid')
      .transform((s) => BigInt(s)),
  );

/** The market / wallet of a call (`type`), jpy by default. */
export const market = () => z.enum(MARKETS, { error: 'validation.invalid' }).default('jpy');
/**
 * `type` of a call naming one instrument (order, close, details): optional, and when given it must be the
 * instrument's market (checked by the server; another market → trade.marketMismatch).
 */
export const instrumentMarket = () =>
  z
    .enum(MARKETS, { error: 'validation.invalid' })
    .optional()
    .describe("market of the symbol: jpy, usd, cny, krw; refused when it is not the symbol's market");
export const currency = () => z.enum(CURRENCIES, { error: 'validation.invalid' });

/** A checkbox as forms send it: "1", "true", "on", true. */
export const accepted = (key: string) =>
  z.preprocess(
    (v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
    z.literal(true, { error: key }),
  );

/**
 * The body of a `/api/vue` call. Lenient in what it accepts (docs/wire.md, "Transport"): clients of the family
 * send fields a call does not use (`page`, `lang`, `buy_type`, `is_qc`, an empty `bank_address`, …), so
 * unknown fields are dropped, never refused; the known fields are validated strictly by their schemas.
 */
export const body = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape, { error: () => 'validation.invalid' });

/** Strict body for the back office (our own client): unknown fields are refused with validation.unknownField. */
export const strictBody = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? 'validation.unknownField' : 'validation.invalid'),
  });

/** Language aliases the family's clients send (`ja`, `zh`, `en`) → the catalogue's keys. */
export const LANG_ALIASES: Readonly<Record<string, (typeof LANGUAGES)[number]>> = {
  ja: 'jp',
  zh: 'cn',
  en: 'us',
};

/**
 * Interface language of a call whose reply carries text (news, messages, names): `jp|cn|us` or the
 * aliases `ja|zh|en` (any case); anything else falls back to jp (docs/wire.md, "Transport"), rather than being refused.
 */
export const lang = () =>
  z.unknown().optional().transform(toLanguage).describe('jp | cn | us (aliases ja | zh | en; others → jp)');

/**
 * A language from outside: `jp|cn|us` or an alias, anything else jp. The alias table is read by its own
 * keys only, so `constructor`, `__proto__` or `toString` are "others" rather than Object.prototype's members.
 */
export function toLanguage(v: unknown): (typeof LANGUAGES)[number] {
  if (typeof v !== 'string') return 'jp';
  const k = v.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(k)) return k as (typeof LANGUAGES)[number];
  return Object.hasOwn(LANG_ALIASES, k) ? LANG_ALIASES[k] : 'jp';
}

/** Default page size of a list when the client gives no `size`. */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest page of a list: a larger `size` is clamped to it. */
export const MAX_PAGE_SIZE = 100;

/** A page number: a whole number from 1 to 10,000 (before its default or `.optional()`). */
export const pageNumber = () =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(10_000, 'validation.invalid');

/**
 * `page` / `size` of a list (1-based); no `page` = the first page, no `size` = {@link DEFAULT_PAGE_SIZE}.
 * A `size` above the list's maximum is clamped to it, never refused (the family's clients ask for 200).
 * Spread into a body: `body({ type: market(), ...paging() })`.
 */
export const paging = (defaultSize = DEFAULT_PAGE_SIZE, maxSize = MAX_PAGE_SIZE) => ({
  page: z.preprocess(emptyToUndefined, pageNumber().default(1).describe('page, 1-based (default 1)')),
  size: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .default(defaultSize)
      .transform((n) => Math.min(n, maxSize))
      .describe(`rows per page (default ${defaultSize}; above ${maxSize} reads as ${maxSize})`),
  ),
});

/** Forms send an empty string for a field left blank: an optional field treats it as absent. */
export const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** One of a few numeric codes (`1`/`2`…), sent as a string in forms or a number in JSON → number. */
export const choice = <const V extends readonly [string, ...string[]]>(values: V) =>
  z.preprocess(numberToString, z.enum(values, { error: 'validation.invalid' })).transform((v) => Number(v));

/** A market-data or valuation figure on the wire: a JSON number at its precision (see wire.ts). */
export const wireNum = (what?: string) =>
  z.number().describe(what ? `${what} (JSON number)` : 'JSON number at its precision');

/** An entered or settled amount on the wire: a decimal string with 4 decimals (`formatUnits`). */
export const wireMoney = z.string().describe('decimal string, 4 decimals');
/** An instant on the wire: unix seconds. */
export const wireUnix = z.number().describe('unix seconds');

/** The wallet of a money call (`type`): any of the nine currencies, jpy by default. */
export const wallet = () => currency().default('jpy');
/** A unix time that stays null until a review decides. */
export const unixOrNull = z.number().nullable().describe('unix seconds, null until decided');
/** Money lists: `page` / `size`, 50 rows by default (a user's pending requests stay on the first page). */
export const MONEY_LIST_SIZE = 50;
