/**
 * The margin account (信用取引口座): who may open one (the suitability answers), the account-wide
 * maintenance ratio (委託保証金維持率) of a market's book, the margin call (追証) it triggers with its
 * amount and deadline, and which positions an unmet call closes first. Pure functions on bigint units:
 * the server books them, the web previews with them, the benchmark times them.
 */
import type { Market } from './currencies.ts';
import { addTradingDays } from './markets/calendar.ts';
import type { LocalDate } from './markets/time.ts';
import { zonedEpoch } from './markets/time.ts';
import { MARKET_ZONE } from './markets/types.ts';
import { MINOR_UNIT, roundTo, type Units } from './money.ts';
import { grossPnl } from './positions.ts';

// ---- the application ----

/** Years of experience trading stocks (現物取引の経験). */
export const MARGIN_EXPERIENCE = ['none', 'under1', '1to3', 'over3'] as const;
/** Financial assets in yen (金融資産). */
export const MARGIN_ASSETS = ['under500k', '500kto3m', '3mto10m', 'over10m'] as const;
/** Yearly income in yen (年収). */
export const MARGIN_INCOME = ['under3m', '3mto5m', '5mto10m', 'over10m'] as const;

export type MarginExperience = (typeof MARGIN_EXPERIENCE)[number];
export type MarginAssets = (typeof MARGIN_ASSETS)[number];
export type MarginIncome = (typeof MARGIN_INCOME)[number];

/** The answers of a margin account application. */
export interface MarginSuitability {
  experience: MarginExperience;
  assets: MarginAssets;
  income: MarginIncome;
  /** The user confirms understanding that losses can exceed the collateral (元本を上回る損失). */
  risksUnderstood: boolean;
  /** The margin trading agreement (信用取引規定) was read and accepted. */
  agreementAccepted: boolean;
}

export type SuitabilityRefusal =
  | 'margin.noExperience'
  | 'margin.assetsTooLow'
  | 'margin.risksNotUnderstood'
  | 'margin.agreementRequired';

/**
 * Why an application cannot be accepted as answered (the review sees only those that pass): stock
 * trading experience of some kind, financial assets of at least ¥500,000, the risks understood and the
 * agreement accepted — what Japanese online brokers ask before a margin account.
 */
export function suitabilityRefusal(a: MarginSuitability): SuitabilityRefusal | null {
  if (!a.agreementAccepted) return 'margin.agreementRequired';
  if (!a.risksUnderstood) return 'margin.risksNotUnderstood';
  if (a.experience === 'none') return 'margin.noExperience';
  if (a.assets === 'under500k') return 'margin.assetsTooLow';
  return null;
}

// ---- the maintenance ratio ----

/** A margin position of a book, at its current price. */
export interface MarginHolding {
  openPrice: Units;
  quantity: bigint;
  direction: number;
  price: Units;
}

/** One market's margin book of a user: the collateral (cash + margin held) and the margin positions. */
export interface MarginBook {
  collateral: Units;
  positions: readonly MarginHolding[];
}

export const PPM = 1_000_000n;

/** The contract value of a book (建玉代金): Σ open price × quantity. */
export const bookNotional = (b: MarginBook): Units =>
  b.positions.reduce((s, p) => s + p.openPrice * p.quantity, 0n);

/** The book's net unrealised P&L (建玉評価損益). */
export const bookPnl = (b: MarginBook): Units => b.positions.reduce((s, p) => s + grossPnl(p, p.price), 0n);

/**
 * The collateral as the maintenance ratio counts it (受入保証金 − 評価損): the collateral less the book's
 * net unrealised loss; a net gain is not added (it is not money until realised).
 */
export const effectiveCollateral = (collateral: Units, pnl: Units): Units =>
  pnl < 0n ? collateral + pnl : collateral;

/** The maintenance ratio in ppm from its parts; null without margin positions (no ratio). */
export const ratioOf = (collateral: Units, pnl: Units, notional: Units): bigint | null =>
  notional <= 0n ? null : (effectiveCollateral(collateral, pnl) * PPM) / notional;

/**
 * The maintenance ratio (委託保証金維持率) of a book, in ppm (30% = 300,000), truncated toward zero;
 * null when the book has no margin positions.
 */
export const maintenanceRatioPpm = (b: MarginBook): bigint | null =>
  ratioOf(b.collateral, bookPnl(b), bookNotional(b));

/**
 * The margin call's amount (追証額): what must be deposited to bring the ratio back to the maintenance
 * line, rounded up to the currency's minor unit; 0 when the ratio is at or above the line.
 */
export function callAmount(
  market: Market,
  parts: { collateral: Units; pnl: Units; notional: Units },
  linePpm: bigint,
): Units {
  const need = parts.notional * linePpm;
  const have = effectiveCollateral(parts.collateral, parts.pnl) * PPM;
  if (have >= need) return 0n;
  return roundTo((need - have + PPM - 1n) / PPM, MINOR_UNIT[market], 'up');
}

/**
 * The deadline of a margin call issued on an exchange-local day: noon (market time) of the second
 * trading day after it (the Japanese brokers' 2営業日後の正午).
 */
export const callDeadline = (market: Market, issued: LocalDate): number =>
  zonedEpoch(MARKET_ZONE[market], addTradingDays(market, issued, 2), 12 * 3600);

/**
 * The order in which an unmet call closes positions: largest loss first (ties: the oldest first, by
 * the caller's order). Returns indexes into `positions`.
 */
export function closeOrder(positions: readonly MarginHolding[]): number[] {
  return positions
    .map((p, i) => ({ i, pnl: grossPnl(p, p.price) }))
    .sort((a, b) => (a.pnl < b.pnl ? -1 : a.pnl > b.pnl ? 1 : a.i - b.i))
    .map((x) => x.i);
}

/**
 * How many positions, taken in `order`, must be closed for the book to be back at the line: closing a
 * position realises its P&L (into the collateral) and removes its notional. Returns the count (all of
 * them when nothing less restores it).
 */
export function closesToRestore(b: MarginBook, order: readonly number[], linePpm: bigint): number {
  let collateral = b.collateral;
  let pnl = bookPnl(b);
  let notional = bookNotional(b);
  for (let k = 0; k < order.length; k++) {
    const r = ratioOf(collateral, pnl, notional);
    if (r === null || r >= linePpm) return k;
    const p = b.positions[order[k]];
    const g = grossPnl(p, p.price);
    collateral += g;
    pnl -= g;
    notional -= p.openPrice * p.quantity;
  }
  return order.length;
}

// ---- the per-tick index ----

/** What a tick changed: the accounts it touched, and those of them now below the line. */
export interface TickResult {
  touched: number[];
  below: number[];
}

const safe = (v: bigint): number => {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError('amount beyond 2^53 units');
  return Number(v);
};

/**
 * The margin books of many accounts kept current tick by tick: each account's collateral, contract value
 * and net unrealised P&L as running sums, and for each symbol the positions that hold it. A tick of a
 * symbol moves the P&L of the accounts holding it by (new − old price) × quantity (sign by direction),
 * so a tick costs the positions of the symbols it moves, never a scan of every account.
 *
 * An account whose book changed (a fill, a close, cash in or out) is removed and added again under a
 * new number: its old positions stay in their symbols' lists as empty slots that ticks skip, until the
 * owner builds a fresh index.
 *
 * The sums are whole units held in doubles (exact while every sum stays under 2^53 units, about
 * ¥900 billion; adding beyond it throws), so the hot path allocates nothing; the test against the line
 * is exact (a comparison too close to call in doubles is decided in bigint), and `ratio` is exact.
 */
export class MarginIndex {
  private readonly collateral: number[] = [];
  private readonly notional: number[] = [];
  private readonly pnl: number[] = [];
  private readonly prices = new Map<string, number>();
  /** Per symbol: the holding accounts (−1: a removed account's slot) and each position's signed quantity. */
  private readonly holders = new Map<string, { accounts: number[]; signed: number[] }>();
  /** Per account, its positions' slots: the symbol's list and the index in it. */
  private readonly slots: { h: { accounts: number[]; signed: number[] }; i: number }[][] = [];
  /** Per account, the tick that last touched it (so a tick lists an account once). */
  private readonly seen: number[] = [];
  private ticks = 0;
  private removed = 0;

  /** An account (its number is its index) with its collateral; returns the number. */
  addAccount(collateral: Units): number {
    this.collateral.push(safe(collateral));
    this.notional.push(0);
    this.pnl.push(0);
    this.seen.push(-1);
    this.slots.push([]);
    return this.collateral.length - 1;
  }

  setCollateral(account: number, collateral: Units): void {
    this.collateral[account] = safe(collateral);
  }

  /** Takes an account out: its positions no longer move with ticks, and it has no ratio. */
  removeAccount(account: number): void {
    for (const { h, i } of this.slots[account]) {
      h.accounts[i] = -1;
      h.signed[i] = 0;
      this.removed++;
    }
    this.slots[account] = [];
    this.collateral[account] = 0;
    this.notional[account] = 0;
    this.pnl[account] = 0;
  }

  /** A margin position of an account, valued at the symbol's last price (its open price until one). */
  addPosition(account: number, symbol: string, p: Omit<MarginHolding, 'price'>): void {
    const open = safe(p.openPrice);
    const price = this.prices.get(symbol) ?? open;
    if (!this.prices.has(symbol)) this.prices.set(symbol, price);
    const signed = safe(p.direction === 1 ? p.quantity : -p.quantity);
    this.notional[account] = safe(BigInt(this.notional[account]) + p.openPrice * p.quantity);
    this.pnl[account] = safe(BigInt(this.pnl[account]) + BigInt(price - open) * BigInt(signed));
    let h = this.holders.get(symbol);
    if (!h) {
      h = { accounts: [], signed: [] };
      this.holders.set(symbol, h);
    }
    this.slots[account].push({ h, i: h.accounts.length });
    h.accounts.push(account);
    h.signed.push(signed);
  }

  /** The symbols any account has held since the index was built (what a tick needs prices for). */
  symbols(): IterableIterator<string> {
    return this.holders.keys();
  }

  /** How many position slots removals have left empty (ticks still step over them). */
  emptySlots(): number {
    return this.removed;
  }

  /** The account's ratio now (ppm, exact), null without margin positions. */
  ratio(account: number): bigint | null {
    return ratioOf(
      BigInt(this.collateral[account]),
      BigInt(this.pnl[account]),
      BigInt(this.notional[account]),
    );
  }

  /** Whether an account is below a line (ppm), exactly. */
  isBelow(account: number, linePpm: bigint): boolean {
    const n = this.notional[account];
    if (n <= 0) return false;
    const c = this.collateral[account];
    const p = this.pnl[account];
    const eff = p < 0 ? c + p : c;
    const lhs = eff * 1e6;
    const rhs = Number(linePpm) * n;
    // doubles decide unless the two sides are too close to tell apart; then bigint does
    if (Math.abs(lhs - rhs) > 1e-9 * Math.max(Math.abs(lhs), Math.abs(rhs), 1)) return lhs < rhs;
    const r = this.ratio(account);
    return r !== null && r < linePpm;
  }

  /** One tick of prices: the accounts it touched, and those now below the line. */
  tick(prices: ReadonlyMap<string, Units>, linePpm: bigint): TickResult {
    const tick = this.ticks++;
    const touched: number[] = [];
    for (const [symbol, next] of prices) {
      const price = safe(next);
      const h = this.holders.get(symbol);
      const old = this.prices.get(symbol);
      this.prices.set(symbol, price);
      if (!h || old === undefined || old === price) continue;
      const move = price - old;
      const { accounts, signed } = h;
      for (let i = 0; i < accounts.length; i++) {
        const a = accounts[i];
        if (a < 0) continue;
        this.pnl[a] += move * signed[i];
        if (this.seen[a] !== tick) {
          this.seen[a] = tick;
          touched.push(a);
        }
      }
    }
    const below: number[] = [];
    for (const a of touched) if (this.isBelow(a, linePpm)) below.push(a);
    return { touched, below };
  }
}
