import type { Currency } from '../currencies.ts';
import { FX_RATE_SCALE, type FxSettings, fxQuote } from '../funds/fx.ts';
import { type LocalDate, zonedEpoch, zonedParts } from '../markets/time.ts';
import { roundTo, UNIT, type Units } from '../money.ts';
import { taxRatesOn } from './rates.ts';

/**
 * Capital-gains tax of a Japanese resident's brokerage account (the rules in docs/markets.md, "Tax").
 * Everything here is in yen units (scale 4, whole yen): gains, costs and the tax.
 */

/** The account type the user chose for a year: 特定口座・源泉徴収あり, 特定口座・源泉徴収なし, 一般口座. */
export const TAX_ACCOUNT_KINDS = ['withholding', 'no_withholding', 'general'] as const;
export type TaxAccountKind = (typeof TAX_ACCOUNT_KINDS)[number];
export const DEFAULT_TAX_ACCOUNT: TaxAccountKind = 'withholding';
export const isTaxAccountKind = (v: unknown): v is TaxAccountKind =>
  typeof v === 'string' && (TAX_ACCOUNT_KINDS as readonly string[]).includes(v);

/** The tax zone: tax years, trade dates and the TTM are Japanese calendar days. */
export const TAX_ZONE = 'Asia/Tokyo';

/** The tax year (calendar year in Japan) of an instant. */
export const taxYearOf = (epochMs: number): number => Number(zonedParts(TAX_ZONE, epochMs).date.slice(0, 4));

/** The Japanese trade date of an instant. */
export const taxDateOf = (epochMs: number): LocalDate => zonedParts(TAX_ZONE, epochMs).date;

/** When banks fix the day's TTM (10:00 Tokyo). */
const TTM_SECOND = 10 * 3600;

/**
 * The TTM (telegraphic transfer middle rate) of a currency on the Japanese trade date of `epochMs`: the
 * reference mid rate of the app's FX source at 10:00 Tokyo that day, yen per unit × FX_RATE_SCALE. The yen's
 * is 1.
 */
export function ttmOf(s: FxSettings, currency: Currency, epochMs: number): bigint {
  if (currency === 'jpy') return FX_RATE_SCALE;
  const at = zonedEpoch(TAX_ZONE, taxDateOf(epochMs), TTM_SECOND);
  return fxQuote(s, currency, 'jpy', at).mid;
}

/**
 * An amount of a currency in whole yen at a TTM: what the customer receives rounds down (proceeds), what
 * the customer paid rounds up (costs), as brokers compute 譲渡対価 and 取得価額.
 */
export function yenAtTtm(amount: Units, ttm: bigint, mode: 'up' | 'down'): Units {
  const exact = (amount * ttm) / FX_RATE_SCALE;
  const rest = (amount * ttm) % FX_RATE_SCALE;
  // exact division toward zero, then the named rounding to the yen (a remainder counts as a fraction)
  const base = rest !== 0n && mode === 'up' && amount > 0n ? exact + 1n : exact;
  return roundTo(base, UNIT, mode);
}

/**
 * The moving-average book of one stock (総平均法に準ずる方法): the shares held and their average cost per
 * share in yen, recomputed at each purchase as (book cost + purchase cost) / shares and rounded up to the
 * yen (所得税法施行令 第105条・第118条; brokers round the average unit cost up).
 */
export interface CostBook {
  quantity: bigint;
  /** yen units per share, a whole number of yen */
  unitCost: Units;
}

export const EMPTY_BOOK: CostBook = { quantity: 0n, unitCost: 0n };

/** A purchase of `quantity` shares costing `cost` yen (price × shares + fees, at the purchase's TTM). */
export function acquire(book: CostBook, quantity: bigint, cost: Units): CostBook {
  if (quantity <= 0n) throw new RangeError('an acquisition needs shares');
  const total = book.unitCost * book.quantity + cost;
  const shares = book.quantity + quantity;
  const perShare = total / shares + (total % shares === 0n ? 0n : 1n);
  return { quantity: shares, unitCost: roundTo(perShare, UNIT, 'up') };
}

/** A sale of `quantity` shares: their cost at the average, and the book left. */
export function dispose(book: CostBook, quantity: bigint): { cost: Units; book: CostBook } {
  if (quantity <= 0n || quantity > book.quantity) {
    throw new RangeError(`cannot sell ${quantity} of ${book.quantity} shares in the book`);
  }
  const left = book.quantity - quantity;
  return { cost: book.unitCost * quantity, book: left === 0n ? EMPTY_BOOK : { ...book, quantity: left } };
}

/**
 * A margin or short position's realised gain (信用取引, settled per position): what the sale leg received
 * less what the purchase leg paid, each in yen at its own trade date's TTM, less the position's costs the
 * close charged (buy-side interest, lending fee, 逆日歩: expenses of the sale, 譲渡に要した費用) in yen
 * at the close's TTM. A long buys at the open and sells at the close; a short sells at the open and buys
 * back at the close.
 */
export function positionGain(p: {
  direction: 1 | 2;
  quantity: bigint;
  openPrice: Units;
  closePrice: Units;
  /** fees and stamp duty of each leg, in the trade currency */
  openFees: Units;
  closeFees: Units;
  /** the margin costs charged at the close, in the trade currency (none by default) */
  costs?: Units;
  openTtm: bigint;
  closeTtm: bigint;
}): { proceeds: Units; cost: Units; gain: Units } {
  const long = p.direction === 1;
  const buy = long
    ? { amount: p.openPrice * p.quantity + p.openFees, ttm: p.openTtm }
    : { amount: p.closePrice * p.quantity + p.closeFees, ttm: p.closeTtm };
  const sell = long
    ? { amount: p.closePrice * p.quantity - p.closeFees, ttm: p.closeTtm }
    : { amount: p.openPrice * p.quantity - p.openFees, ttm: p.openTtm };
  const proceeds = yenAtTtm(sell.amount, sell.ttm, 'down');
  const costs = p.costs ?? 0n;
  const cost = yenAtTtm(buy.amount, buy.ttm, 'up') + (costs > 0n ? yenAtTtm(costs, p.closeTtm, 'up') : 0n);
  return { proceeds, cost, gain: proceeds - cost };
}

/**
 * A year's position in a 源泉徴収あり account: the net realised gain, the dividends received into the
 * account (yen, after any foreign tax) and the tax withheld so far on both (national and local parts).
 */
export interface TaxYear {
  /** net of gains and losses this year, signed whole yen */
  net: Units;
  /** dividends received into the account this year (損益通算 with the losses), whole yen */
  dividends: Units;
  national: Units;
  local: Units;
}

export const EMPTY_TAX_YEAR: TaxYear = { net: 0n, dividends: 0n, national: 0n, local: 0n };

/**
 * The tax on a year's net gain: each part at its rate, truncated to the yen (1円未満切捨て); nothing on a
 * net loss.
 */
export function taxOnNet(net: Units, date: LocalDate): { national: Units; local: Units } {
  if (net <= 0n) return { national: 0n, local: 0n };
  const r = taxRatesOn(date);
  return {
    national: roundTo((net * r.nationalPpm) / 1_000_000n, UNIT, 'down'),
    local: roundTo((net * r.localPpm) / 1_000_000n, UNIT, 'down'),
  };
}

/** What the year owes: the tax on its gains and dividends netted (a net loss offsets the dividends). */
export const taxDue = (year: TaxYear, date: LocalDate) => taxOnNet(year.net + year.dividends, date);

/**
 * One realised gain (or loss, negative) in a 源泉徴収あり account: the year's net moves by it, and the
 * tax withheld follows the tax on the new net (dividends included). Positive parts are withheld now,
 * negative ones refunded.
 */
export function withholdingStep(
  year: TaxYear,
  gain: Units,
  date: LocalDate,
): { year: TaxYear; national: Units; local: Units } {
  const next = { ...year, net: year.net + gain };
  const due = taxDue(next, date);
  return {
    year: { ...next, ...due },
    national: due.national - year.national,
    local: due.local - year.local,
  };
}

/**
 * A dividend received into a 源泉徴収あり account (yen after any foreign tax), with the tax withheld on it
 * at payment (each part at its own rate, as the payer withholds): it joins the year's netting.
 */
export const dividendIntoYear = (
  year: TaxYear,
  dividend: Units,
  withheld: { national: Units; local: Units },
): TaxYear => ({
  net: year.net,
  dividends: year.dividends + dividend,
  national: year.national + withheld.national,
  local: year.local + withheld.local,
});

/**
 * 損益通算 of dividends: what the year's withholding exceeds the tax on its netted total by (the dividends'
 * tax that this year's losses offset) is refunded; nothing is withheld here (a sale's step does that).
 * Each part apart; zeros when nothing is due back.
 */
export function nettingRefund(year: TaxYear, date: LocalDate): { national: Units; local: Units } {
  const due = taxDue(year, date);
  const back = (withheld: Units, owed: Units) => (withheld > owed ? withheld - owed : 0n);
  return { national: back(year.national, due.national), local: back(year.local, due.local) };
}
