/**
 * Margin and leverage rules that no configuration can loosen: the legal maximum single-stock multiple
 * per market, which stocks may be sold short (per market, with dated bans), and the Tokyo short-sale
 * price rule. The operators' lists (settings) are clamped by these functions wherever they are read,
 * and the server and the web both use them.
 */

import type { Market } from './currencies.ts';
import type { LocalDate } from './markets/time.ts';
import type { InstrumentSpec } from './markets/types.ts';
import type { Units } from './money.ts';

/** A multiple as an exact fraction (30% collateral is 10/3, not 3.33…). */
export interface Multiple {
  num: bigint;
  den: bigint;
}

/** Where a cap applies: a margin account (信用取引 / Reg T / 融资融券) or an over-the-counter single-stock CFD. */
export type LeverageAccount = 'margin' | 'cfd';

export interface LegalCap {
  market: Market;
  account: LeverageAccount;
  /** Only for stocks on the exchange's margin-eligible list (China); otherwise any stock. */
  eligibleOnly?: boolean;
  cap: Multiple;
  /** The date from which the rule is in force (as far as this table goes). */
  since: LocalDate;
  source: string;
}

const m = (num: number, den = 1): Multiple => ({ num: BigInt(num), den: BigInt(den) });

/**
 * The legal maximum single-stock multiple per market and account kind, as reviewed on 2026-11-28.
 * A stock with no row for its market and account may not be leveraged (1×).
 */
export const LEGAL_LEVERAGE_CAPS: readonly LegalCap[] = [
  {
    market: 'jpy',
    account: 'margin',
    cap: m(10, 3),
    since: '1951-06-01',
    source:
      'Japan, margin trading (信用取引): initial margin of at least 30% of the contract value (Financial Instruments and Exchange Act, Cabinet Office Ordinance on margin requirements; exchange rules)',
  },
  {
    market: 'jpy',
    account: 'cfd',
    cap: m(5),
    since: '2011-01-01',
    source:
      'Japan, over-the-counter single-stock CFDs for individuals: margin of at least 20% (Cabinet Office Ordinance on Financial Instruments Business, amended 2010, in force 2011)',
  },
  {
    market: 'usd',
    account: 'margin',
    cap: m(2),
    since: '1974-01-03',
    source: 'United States, Regulation T (12 CFR 220.12): initial margin of 50% for margin equity securities',
  },
  {
    market: 'krw',
    account: 'margin',
    cap: m(2),
    since: '2023-11-06',
    source:
      'Korea, credit trading (신용거래) under the FSC Regulation on Financial Investment Business: collateral of at least 100% of the credit extended (2× as this broker’s legal ceiling)',
  },
  {
    market: 'cny',
    account: 'margin',
    eligibleOnly: true,
    cap: m(2),
    since: '2015-11-23',
    source:
      'China, margin financing (融资融券) on SSE/SZSE: only stocks on the exchanges’ eligible list, financing margin ratio of at least 100% (exchange margin trading rules, 2015 revision); any other stock is cash only',
  },
];

/** Whether a multiple is at most a cap, exactly. */
export const withinCap = (multiple: number, cap: Multiple): boolean =>
  Number.isInteger(multiple) && multiple >= 1 && BigInt(multiple) * cap.den <= cap.num;

const ONE = m(1);

/** The legal cap for a stock of a market (China: the eligible list decides), for an account kind. */
export function legalLeverageCap(
  market: Market,
  opts: { account?: LeverageAccount; marginEligible?: boolean } = {},
): Multiple {
  const account = opts.account ?? 'margin';
  const row = LEGAL_LEVERAGE_CAPS.find(
    (r) => r.market === market && r.account === account && (!r.eligibleOnly || opts.marginEligible),
  );
  return row?.cap ?? ONE;
}

/** The highest cap of any stock of a market (what an operator's list for the market may reach). */
export function marketLeverageCap(market: Market, account: LeverageAccount = 'margin'): Multiple {
  return legalLeverageCap(market, { account, marginEligible: true });
}

/** The cap as users read it: "3.3", "2". */
export const capText = (cap: Multiple): string => {
  const tenths = (cap.num * 10n) / cap.den;
  return tenths % 10n === 0n ? (tenths / 10n).toString() : `${tenths / 10n}.${tenths % 10n}`;
};

/** An operator's list clamped to a cap: the multiples at or under it, in their order; 1× when none is. */
export function clampLeverage(list: readonly number[], cap: Multiple): number[] {
  const out = list.filter((l) => withinCap(l, cap));
  return out.length ? out : [1];
}

/**
 * The multiples a user may choose for a stock: the operator's list for its market, clamped to the
 * legal cap (China: 1× unless the stock is margin-eligible).
 */
export const allowedLeverage = (
  market: Market,
  list: readonly number[],
  opts: { account?: LeverageAccount; marginEligible?: boolean } = {},
): number[] => clampLeverage(list, legalLeverageCap(market, opts));

/** Default leverage lists per market (whole multiples under the caps; JP's 10/3 allows 3×, not 3.3×). */
export const DEFAULT_LEVERAGE_LISTS: Record<Market, readonly number[]> = {
  jpy: [1, 2, 3],
  usd: [1, 2],
  krw: [1, 2],
  cny: [1],
};

// ---- short selling ----

/** Korea's short-selling ban (all listed stocks), inclusive dates. */
export const KOREA_SHORT_BAN = { from: '2023-11-06', to: '2025-03-30' } as const;

/** Whether a market-wide short-selling ban is in force on a day (Korea's; no operator's list lifts it). */
export const shortBanInForce = (market: Market, day: LocalDate): boolean =>
  market === 'krw' && day >= KOREA_SHORT_BAN.from && day <= KOREA_SHORT_BAN.to;

/** Operators' additions to and removals from the default shortable lists, per market (symbols). */
export interface ShortableOverride {
  eligible: readonly string[];
  excluded: readonly string[];
}

/**
 * Whether a stock may be sold short on a day. Defaults: Japan the large caps (TOPIX500 tick table,
 * as a stand-in for the exchange's 貸借銘柄 list), the US every listed stock in the catalogue, China
 * none, Korea every stock except during the 2023-11-06 – 2025-03-30 ban. The operator's list adds
 * (China: the exchanges' eligible list) or removes stocks; no list lifts Korea's ban.
 */
export function isShortable(
  spec: Pick<InstrumentSpec, 'market' | 'tickTable'> & { symbol: string },
  day: LocalDate,
  override: ShortableOverride = { eligible: [], excluded: [] },
): boolean {
  if (shortBanInForce(spec.market, day)) return false;
  if (override.excluded.includes(spec.symbol)) return false;
  if (override.eligible.includes(spec.symbol)) return true;
  switch (spec.market) {
    case 'jpy':
      return spec.tickTable === 'tse_topix500';
    case 'usd':
    case 'krw':
      return true;
    case 'cny':
      return false;
  }
}

/**
 * The TSE short-sale price rule: once the day's price has fallen 10% or more from the base price
 * (the previous close), a short sale at or below the last price is barred. `low` is the day's low
 * (the trigger stays for the day once reached); `price` is the order's price (a market order: the
 * price it would fill at). Only Japan has the rule.
 */
export function shortPriceRuleBars(
  market: Market,
  q: { preClose: Units; low: Units; last: Units },
  price: Units,
): boolean {
  if (market !== 'jpy' || q.preClose <= 0n) return false;
  const fell = q.low > 0n && q.low * 10n <= q.preClose * 9n;
  return fell && price <= q.last;
}

/**
 * Whether a stock is on its market's margin-eligible list, for the leverage cap: in China only the
 * stocks the operator lists (the exchanges' 融资融券 list) and never one excluded; elsewhere every stock
 * (the market's cap applies).
 */
export const isMarginEligible = (
  spec: Pick<InstrumentSpec, 'market'> & { symbol: string },
  override: ShortableOverride = { eligible: [], excluded: [] },
): boolean =>
  spec.market === 'cny'
    ? override.eligible.includes(spec.symbol) && !override.excluded.includes(spec.symbol)
    : true;

/**
 * A fully paid (現物) position: a long at 1× (a plain buy, a new-share allotment, a block purchase).
 * It is never force-closed; a short is always a margin position, whatever its multiple.
 */
export const isCashPosition = (p: { leverage: number; direction: number }): boolean =>
  p.leverage === 1 && p.direction === 1;
