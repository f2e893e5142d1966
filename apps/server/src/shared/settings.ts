import type { Db } from '@kabuto/db';
import {
  CURRENCIES,
  type Currency,
  capText,
  clampLeverage,
  type FeeSchedule,
  type FeeSide,
  feeOverrideOf,
  feeScheduleAt,
  type Leg,
  legalLeverageCap,
  legSide,
  MARKETS,
  type Market,
  marketLeverageCap,
  parseUnits,
  type ShortableOverride,
  type TradeFees,
  tradeFeesAt,
  type Units,
} from '@kabuto/domain';
import { z } from 'zod';

/**
 * The typed config table: each setting has a schema, a default, and whether clients may see it.
 * Values are stored as text in `config`; a stored value that no longer parses falls back to the default.
 * Areas add their settings here; operators edit them in the back office.
 */
interface SettingDef<T> {
  schema: z.ZodType<T>;
  default: T;
  public: boolean;
  description: string;
}
const def = <T>(schema: z.ZodType<T>, dflt: T, pub: boolean, description: string): SettingDef<T> => ({
  schema,
  default: dflt,
  public: pub,
  description,
});

const decimal = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, 'a decimal with at most 4 places')
  .refine((v) => parseUnits(v) !== null);
const hm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
const range = z
  .object({ min: decimal, max: decimal })
  .strict()
  .refine((r) => (parseUnits(r.min) as bigint) <= (parseUnits(r.max) as bigint), 'min ≤ max');
const perCurrency = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(CURRENCIES.map((c) => [c, schema])) as Record<Currency, T>).strict();
/** A link clients open as it is: "" or an absolute http, https, mailto or tel URL (never javascript: or data:). */
const serviceUrl = z
  .string()
  .max(500)
  .refine((v) => {
    if (v === '') return true;
    // no spaces or control characters (browsers strip some of them before reading the scheme)
    if ([...v].some((ch) => ch <= ' ' || ch === '\u007f')) return false;
    try {
      return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'http(s), mailto: or tel:');
/** A percentage as a decimal string ("0.30"), at most `max`. */
const percent = (max: number) =>
  z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'a percentage, e.g. 0.30')
    .refine((v) => Number(v) <= max, `at most ${max}%`);
/** Up to 8 decimals: rates of small currencies (VND) need them. */
const rate = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,8})?$/, 'a decimal rate')
  .refine((v) => /[1-9]/.test(v), 'positive');

export type LimitRange = z.infer<typeof range>;

/** A list of whole leverage multiples (the legal caps are applied on top, see {@link leverageRefusal}). */
const leverageList = z
  .array(z.number().int().min(1).max(100))
  .min(1)
  .max(20)
  .refine((l) => new Set(l).size === l.length, 'no duplicates');
const symbolText = z.string().regex(/^[A-Z0-9.]{1,12}$/, 'a symbol');

/** Per-request deposit limits. The family's texts name 500,000 and 10,000,000,000 as maxima: 500,000 for
 * most wallets, 10,000,000,000 for the two low-value currencies (KRW, VND). */
const DEPOSIT_LIMITS: Record<Currency, LimitRange> = {
  jpy: { min: '1000', max: '500000' },
  usd: { min: '10', max: '500000' },
  cny: { min: '100', max: '500000' },
  krw: { min: '10000', max: '10000000000' },
  twd: { min: '300', max: '500000' },
  hkd: { min: '100', max: '500000' },
  thb: { min: '300', max: '500000' },
  vnd: { min: '200000', max: '10000000000' },
  myr: { min: '50', max: '500000' },
};
/** Per-request withdrawal limits: 100 – 5,000,000 yen (the product's rule), other wallets about the same value. */
const WITHDRAW_LIMITS: Record<Currency, LimitRange> = {
  jpy: { min: '100', max: '5000000' },
  usd: { min: '1', max: '35000' },
  cny: { min: '5', max: '250000' },
  krw: { min: '1000', max: '45000000' },
  twd: { min: '20', max: '1000000' },
  hkd: { min: '5', max: '250000' },
  thb: { min: '20', max: '1100000' },
  vnd: { min: '20000', max: '800000000' },
  myr: { min: '3', max: '150000' },
};
/** Reference rates: yen per unit of each currency (the simulated feed moves around them). */
const FX_REFERENCE: Record<Currency, string> = {
  jpy: '1',
  usd: '155.20',
  cny: '21.45',
  krw: '0.1105',
  twd: '4.82',
  hkd: '19.95',
  thb: '4.45',
  vnd: '0.00612',
  myr: '34.80',
};

/** Fee overrides of one market, percentages of the notional ("0.025") and minimums per order; absent = the
 * effective-dated defaults of `@kabuto/domain` fees (docs/markets.md, "Fees and taxes on trades"). */
const feeOverride = z
  .object({
    buy_fee: percent(10).optional(),
    buy_min: decimal.optional(),
    sell_fee: percent(10).optional(),
    sell_min: decimal.optional(),
    stamp_duty: percent(10).optional(),
  })
  .strict();
const perMarket = <T extends z.ZodType>(schema: T) =>
  z.object({ jpy: schema, usd: schema, cny: schema, krw: schema }).strict();
export type FeeOverrideSetting = z.infer<typeof feeOverride>;

/** Stock lending: default annual rates by market cap (in the market's currency), highest tier first. */
const lendingTier = z.object({ min_cap: decimal, rate: percent(20) }).strict();
const lendingRates = z
  .object({
    tiers: perMarket(z.array(lendingTier).min(1).max(10)),
    symbols: z.record(z.string().min(1).max(20), percent(20)),
  })
  .strict();
export type LendingRatesSetting = z.infer<typeof lendingRates>;
const tiers = (large: string, mid: string, small: string) => [
  { min_cap: large, rate: '0.10' },
  { min_cap: mid, rate: '0.50' },
  { min_cap: small, rate: '1.00' },
  { min_cap: '0', rate: '3.00' },
];
const LENDING_RATES: LendingRatesSetting = {
  tiers: {
    jpy: tiers('1000000000000', '100000000000', '10000000000'),
    usd: tiers('200000000000', '10000000000', '1000000000'),
    cny: tiers('500000000000', '50000000000', '5000000000'),
    krw: tiers('50000000000000', '5000000000000', '500000000000'),
  },
  symbols: {},
};

/**
 * The costs of margin positions: yearly rates per market of the buy side's interest (買方金利, on what is
 * lent) and the short side's lending fee (貸株料, on the short value), and the 逆日歩 of scarce stocks, an
 * amount per share per day charged to shorts (set per stock in the back office, audited).
 */
const marginFinancing = z
  .object({
    interest: perMarket(percent(20)),
    short_fee: perMarket(percent(20)),
    premiums: z.record(symbolText, decimal),
  })
  .strict();
export type MarginFinancingSetting = z.infer<typeof marginFinancing>;
const FINANCING: MarginFinancingSetting = {
  interest: { jpy: '2.80', usd: '2.80', cny: '2.80', krw: '2.80' },
  short_fee: { jpy: '1.10', usd: '1.10', cny: '1.10', krw: '1.10' },
  premiums: {},
};

export const SETTING_DEFS = {
  title: def(z.string().min(1).max(60), 'Kabuto', true, 'App title (browser tab, home header)'),
  logo: def(z.string().max(300), '/logo.svg', true, 'Logo path, prefixed with the image base URL'),
  image_base_url: def(z.string().max(300), '', true, 'Prefix for logo and image paths ("" = same origin)'),
  kefu: def(serviceUrl, '', true, 'Customer-service URL: http(s), mailto: or tel: ("" = none)'),
  register_mode: def(
    z.enum(['account', 'mobile']),
    'account',
    true,
    'Login name rule: half-width account or 10-digit mobile',
  ),
  version: def(z.string().max(20), '1.0.0', true, 'App version shown on the splash screen'),
  channel_password: def(
    z.string().min(1).max(64),
    '135790',
    false,
    'Deposit channel password (checked on the server, never sent to clients)',
  ),
  deposit_limits: def(perCurrency(range), DEPOSIT_LIMITS, true, 'Deposit min/max per request, per wallet'),
  withdraw_limits: def(
    perCurrency(range),
    WITHDRAW_LIMITS,
    true,
    'Withdrawal min/max per request, per wallet',
  ),
  withdraw_window: def(
    z.object({ from: hm, to: hm }).strict(),
    { from: '09:00', to: '15:00' },
    true,
    'Withdrawal window (JST, Japanese business days, end minute inclusive)',
  ),
  security_enrolment_required: def(
    z.boolean(),
    false,
    true,
    'Users must enrol a passkey or an authenticator app (TOTP) before withdrawals, bank-card changes and fund-password changes',
  ),
  withdraw_block_positions: def(
    z.boolean(),
    true,
    true,
    'Refuse withdrawals while the user holds open stock positions',
  ),
  fx_reference_rates: def(
    perCurrency(rate),
    FX_REFERENCE,
    true,
    'FX reference rates: yen per unit of each currency',
  ),
  fx_spread: def(percent(20), '0.30', true, 'FX spread in percent, taken from every exchange'),
  fx_wobble: def(
    percent(10),
    '0.20',
    false,
    'Amplitude (percent) of the simulated FX feed around the reference rates',
  ),
  loan_annual_rate: def(
    percent(100),
    '8.00',
    true,
    'Loan interest, percent per year (charged per day, 365-day year)',
  ),
  loan_block_unpaid: def(
    z.boolean(),
    true,
    true,
    'Refuse a new loan application while a loan of the same wallet is unpaid',
  ),
  credit_score_default: def(
    z.number().int().min(0).max(1000),
    60,
    false,
    'Credit score of users whose score no operator has set',
  ),
  trading_leverage: def(
    perMarket(leverageList),
    { jpy: [1, 2, 3], usd: [1, 2], cny: [1], krw: [1, 2] },
    true,
    'Leverage multiples users may choose, per market; the legal cap of each market (JP 3.3×, US and Korea 2×, China 1× unless margin-eligible) cannot be exceeded',
  ),
  trading_margin_list: def(
    perMarket(
      z.object({ eligible: z.array(symbolText).max(5000), excluded: z.array(symbolText).max(5000) }).strict(),
    ),
    {
      jpy: { eligible: [], excluded: [] },
      usd: { eligible: [], excluded: [] },
      cny: { eligible: [], excluded: [] },
      krw: { eligible: [], excluded: [] },
    },
    true,
    'Margin-eligible stocks per market added to (eligible) or removed from (excluded) the defaults: JP large caps and US stocks may be shorted, China none (eligible also allows leverage above 1× in China); Korea’s 2023-11-06 – 2025-03-30 ban holds whatever the list',
  ),
  trading_fees: def(
    perMarket(feeOverride),
    { jpy: {}, usd: {}, cny: {}, krw: {} },
    true,
    'Fee overrides per market (percent of notional, minimum per order); empty = exchange/broker defaults',
  ),
  trading_maintenance_ratio: def(
    percent(100),
    '20.00',
    true,
    'Margin call (追証) when a margin account’s maintenance ratio in a wallet ((cash + margin held − net unrealised loss) / contract value of its margin positions) falls below this percent',
  ),
  margin_emergency_ratio: def(
    percent(100),
    '10.00',
    true,
    'Emergency floor: below this maintenance ratio margin positions are force-closed at once, largest loss first, without waiting for the call’s deadline',
  ),
  margin_min_collateral: def(
    perMarket(decimal),
    { jpy: '300000', usd: '2000', cny: '500000', krw: '1000000' },
    true,
    'Minimum collateral (cash + margin held) in a wallet to open a margin position (above 1× or short) in its market',
  ),
  margin_financing: def(
    marginFinancing,
    FINANCING,
    true,
    'Margin costs, accrued per calendar day (actual/365) and charged at the close: yearly percent per market of the buy-side interest (on the contract value minus the margin) and the short lending fee (on the short value), and each scarce stock’s 逆日歩 per share per day ("7203": "0.05"), charged to shorts on top of the fee',
  ),
  ipo_hold_at: def(
    z.enum(['application', 'win']),
    'application',
    true,
    'When a new-share application’s money is held: at application (SBI) or taken at the win (Rakuten)',
  ),
  after_market_hours: def(
    z
      .object({ from: hm, to: hm })
      .strict()
      .refine((w) => w.from < w.to, 'from before to'),
    { from: '15:40', to: '16:30' },
    true,
    'After-market trading at the closing price: local hours of each market, trading days only, never before the close',
  ),
  lending_rates: def(
    lendingRates,
    LENDING_RATES,
    true,
    'Stock lending: annual rate (percent) by market cap tier per market (min_cap in the market’s currency), and per symbol ("7203": "0.25") over the tiers',
  ),
  day_trade_leverage: def(
    leverageList,
    [1, 2, 3],
    true,
    'Day trading: leverage multiples users may choose (only those up to the cap and the market’s legal cap are offered)',
  ),
  day_trade_leverage_cap: def(
    z.number().int().min(1).max(100),
    3,
    true,
    'Day trading: the highest leverage offered (never above the market’s legal cap)',
  ),
  day_trade_forced_close_minutes: def(
    z.number().int().min(1).max(120),
    10,
    true,
    'Day trading: minutes before the end of continuous trading at which every day-trade position is force-closed',
  ),
  day_trade_limits: def(
    perMarket(range),
    {
      jpy: { min: '100000', max: '10000000' },
      usd: { min: '1000', max: '100000' },
      cny: { min: '5000', max: '500000' },
      krw: { min: '1000000', max: '100000000' },
    },
    true,
    'Day trading: participation amount min/max per application, per market',
  ),
  trading_delayed_auction: def(
    perMarket(z.boolean()),
    { jpy: false, usd: false, cny: false, krw: false },
    true,
    'Markets on delayed data (e.g. J-Quants) whose orders are accepted to wait for the next call auction and fill at its print once the provider has it; off: orders are refused as delayed',
  ),
  trading_job_interval_ms: def(
    z.number().int().min(200).max(60_000),
    1000,
    false,
    'How often the leader fills limit orders and checks maintenance margins (ms)',
  ),
  loan_limit_tiers: def(
    z
      .array(z.object({ score: z.number().int().min(0).max(1000), limit: decimal }).strict())
      .max(20)
      .refine((t) => new Set(t.map((x) => x.score)).size === t.length, 'one tier per score'),
    [
      { score: 60, limit: '100000' },
      { score: 80, limit: '300000' },
      { score: 90, limit: '500000' },
      { score: 100, limit: '1000000' },
    ],
    true,
    'Starting loan limit of verified users: the highest tier their credit score reaches, in yen (other wallets at the FX reference rate); an operator’s limit replaces it',
  ),
  support_hours: def(
    z
      .object({ from: hm, to: hm, business_days_only: z.boolean() })
      .strict()
      .refine((w) => w.from < w.to, 'from before to'),
    { from: '09:00', to: '18:00', business_days_only: true },
    true,
    'Support hours (JST) shown on the support page; messages are accepted at any time',
  ),
  support_messages_per_hour: def(
    z.number().int().min(1).max(100),
    5,
    false,
    'Messages one user may send to support per hour',
  ),
} as const;

export type SettingName = keyof typeof SETTING_DEFS;
export type Settings = { [K in SettingName]: (typeof SETTING_DEFS)[K]['default'] };

export const decode = (schema: z.ZodType, raw: string): { ok: true; value: unknown } | { ok: false } => {
  let candidate: unknown = raw;
  try {
    candidate = JSON.parse(raw);
  } catch {
    // plain strings are stored unquoted
  }
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data };
  const asText = schema.safeParse(raw);
  return asText.success ? { ok: true, value: asText.data } : { ok: false };
};

export const encodeSetting = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/**
 * Settings are read by most calls, so each process keeps what it read for {@link SETTINGS_TTL_MS}
 * (a frozen object shared by every caller). A change made through {@link saveSetting} or the back
 * office is seen at once by the process that made it, and by the other processes within the TTL.
 */
export const SETTINGS_TTL_MS = 1000;
const cached = new WeakMap<object, { until: number; value: Promise<Settings> }>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('config').select(['name', 'value']).execute();
  const out: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(SETTING_DEFS)) out[name] = d.default;
  for (const row of rows) {
    const d = (SETTING_DEFS as Record<string, SettingDef<unknown>>)[row.name];
    if (!d) continue;
    const r = decode(d.schema, row.value);
    if (r.ok) out[row.name] = r.value;
  }
  return deepFreeze(withinLegalCaps(out as Settings));
}

export function loadSettings(db: Db): Promise<Settings> {
  const now = Date.now();
  const hit = cached.get(db);
  if (hit && hit.until > now) return hit.value;
  const entry = { until: now + SETTINGS_TTL_MS, value: readSettings(db) };
  cached.set(db, entry);
  entry.value.catch(() => {
    if (cached.get(db) === entry) cached.delete(db);
  });
  return entry.value;
}

/** The highest legal cap of any market: what the day-trading list (one for all markets) may reach. */
const highestCap = () =>
  MARKETS.map((m) => marketLeverageCap(m)).reduce((a, b) => (a.num * b.den >= b.num * a.den ? a : b));

/**
 * Why a leverage setting is refused: a multiple above the market's legal cap (JP 10/3, US and Korea 2,
 * China 2 for margin-eligible stocks). Null for any other setting or a lawful value.
 */
export function leverageRefusal(
  name: string,
  value: unknown,
): { key: 'admin.leverageAboveLegalCap'; params: { market: string; cap: string } } | null {
  const over = (list: readonly number[], cap: ReturnType<typeof marketLeverageCap>) =>
    list.some((l) => BigInt(l) * cap.den > cap.num);
  if (name === 'trading_leverage') {
    const lists = value as Record<Market, number[]>;
    for (const m of MARKETS) {
      const cap = marketLeverageCap(m);
      if (over(lists[m], cap)) {
        return { key: 'admin.leverageAboveLegalCap', params: { market: m.toUpperCase(), cap: capText(cap) } };
      }
    }
  }
  if (name === 'day_trade_leverage' || name === 'day_trade_leverage_cap') {
    const cap = highestCap();
    const list = Array.isArray(value) ? (value as number[]) : [value as number];
    const market = MARKETS.find((m) => {
      const c = marketLeverageCap(m);
      return c.num === cap.num && c.den === cap.den;
    }) as Market;
    if (over(list, cap)) {
      return {
        key: 'admin.leverageAboveLegalCap',
        params: { market: market.toUpperCase(), cap: capText(cap) },
      };
    }
  }
  return null;
}

/**
 * Settings stored before the legal caps (or written around the back office) are read clamped: the
 * multiples above a market's cap are dropped, so no order can use them. Open positions keep theirs.
 */
function withinLegalCaps(s: Settings): Settings {
  const leverage = Object.fromEntries(
    MARKETS.map((m) => [m, clampLeverage(s.trading_leverage[m], marketLeverageCap(m))]),
  ) as Settings['trading_leverage'];
  const top = highestCap();
  const cap =
    BigInt(s.day_trade_leverage_cap) * top.den > top.num
      ? Number(top.num / top.den)
      : s.day_trade_leverage_cap;
  return {
    ...s,
    trading_leverage: leverage,
    day_trade_leverage: clampLeverage(s.day_trade_leverage, top),
    day_trade_leverage_cap: cap,
  };
}

/** The multiples a user may choose for a stock: the market's list within the stock's legal cap. */
export const leverageFor = (settings: Settings, market: Market, marginEligible: boolean): number[] =>
  clampLeverage(settings.trading_leverage[market], legalLeverageCap(market, { marginEligible }));

/** The operator's margin list of a market, as the domain's shortable rule reads it. */
export const marginListOf = (settings: Settings, market: Market): ShortableOverride =>
  settings.trading_margin_list[market];

/** Drop this process's copy after a write, so its next read sees the change. */
export function forgetSettings(db: Db): void {
  cached.delete(db);
}

/** Validate and store one setting; returns false when the value does not fit its schema. */
export async function saveSetting(db: Db, name: SettingName, value: unknown): Promise<boolean> {
  const d = SETTING_DEFS[name] as SettingDef<unknown>;
  const parsed = d.schema.safeParse(value);
  if (!parsed.success || leverageRefusal(name, parsed.data)) return false;
  const text = encodeSetting(parsed.data);
  await db
    .insertInto('config')
    .values({ name, value: text })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: text, updated_at: new Date() }))
    .execute();
  forgetSettings(db);
  return true;
}

/** The settings clients may read, as the wire's [{name, value}] list. */
export function publicSettings(settings: Settings): { name: string; value: string }[] {
  return Object.entries(SETTING_DEFS)
    .filter(([, d]) => d.public)
    .map(([name]) => ({ name, value: encodeSetting(settings[name as SettingName]) }));
}

/** The fee schedule in force for a market at an instant, with the operators' override (`trading_fees`). */
export const configuredFeeSchedule = (settings: Settings, market: Market, nowMs: number): FeeSchedule =>
  feeScheduleAt(market, nowMs, feeOverrideOf(settings.trading_fees[market]));

/**
 * Fees of one leg of a position at an instant (the open or the close; a short's open is a sale and pays
 * the sell-side taxes): the market's schedule with the operators' override (`trading_fees`).
 */
export const configuredLegFees = (
  settings: Settings,
  market: Market,
  direction: 1 | 2,
  leg: Leg,
  price: Units,
  quantity: bigint,
  nowMs: number,
): TradeFees => configuredTradeFees(settings, market, legSide(direction, leg), price, quantity, nowMs);

/** Fees of one execution at an instant: the market's schedule with the operators' override (`trading_fees`). */
export const configuredTradeFees = (
  settings: Settings,
  market: Market,
  side: FeeSide,
  price: Units,
  quantity: bigint,
  nowMs: number,
): TradeFees =>
  tradeFeesAt(market, side, price, quantity, nowMs, feeOverrideOf(settings.trading_fees[market]));
