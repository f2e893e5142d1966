/**
 * A price move a browser test can count on: the server's market is the seeded simulator, whose prices are
 * a pure function of (seed, instrument, instant), so a test computes with the same simulator (same seed,
 * same catalogue) where a stock will be at a later clock, and restarts the server on the same data at that
 * clock (StartOptions.dataDir and KABUTO_CLOCK_START). Nothing moves a price but the simulator.
 */
import { addTradingDays, type LocalDate, localDate, ManualClock, zonedEpoch } from '@kabuto/domain';
import { createSimulator, JP_STOCKS, type SimulatedMarketData } from '@kabuto/market';

/** The seed the browser tests give the server (SIM_SEED), so that the test's simulator is the server's. */
export const SIM_SEED = 'kabuto';

/** The simulator the server runs with SIM_SEED, for a test to read prices at any instant. */
export const testSimulator = (at: number): SimulatedMarketData =>
  createSimulator({ clock: new ManualClock(at), seed: SIM_SEED, tickIntervalMs: 0 });

/** A price in units (scale 4) as yen. */
export const yen = (units: bigint): number => Number(units) / 10_000;

export interface MarginLong {
  /** Cash in the wallet before the order (all of the book's collateral). */
  cash: number;
  /** The position's multiple (3: the margin is a third of the contract value). */
  leverage: number;
  /** Share of the cash the margin may take (the rest is left for rounding and the price moving). */
  use?: number;
}

/** Lots of 100 shares a long at `price` takes: as many as `use` of the cash holds as margin. */
export const lotsFor = (price: number, { cash, leverage, use = 0.99 }: MarginLong): number =>
  Math.floor((cash * use * leverage) / (price * 100));

/** The maintenance ratio (percent) of a book of one long: (cash + margin − loss) ÷ contract value. */
export const ratioAfter = (opened: number, now: number, shares: number, collateral: number): number =>
  ((collateral + Math.min(0, (now - opened) * shares)) / (opened * shares)) * 100;

export interface FallingStock {
  symbol: string;
  /** The price the choice assumed for the open (the quote a few minutes after `open`). */
  openPrice: number;
  lots: number;
  /** The later clock (ms): 08:00 in Tokyo, before the open, when the price is the last close. */
  at: number;
  /** The last close the book is valued at `at`. */
  price: number;
  /** The book's maintenance ratio (percent) at `at`, as the choice computes it. */
  ratio: number;
}

/**
 * The JP stock whose margin long, opened at `open` with all the cash, falls into `ratios` (percent, e.g.
 * below the maintenance line and above the emergency floor) soonest: at 08:00 in Tokyo (before the open,
 * so the price is a close, the same whenever the server reads it) of the trading days after `open`, up to
 * `days` of them; among the stocks of that day, the one that fell most. Stocks with a split or a dividend
 * going ex in between are left out (the position would change with it). Throws when none does.
 */
export function fallingStock(
  open: number,
  long: MarginLong,
  ratios: [number, number],
  days = 40,
): FallingStock {
  // the order goes in a few minutes after the server starts at `open`
  const sim = testSimulator(open);
  const from = localDate('jpy', open);
  const openAt = open + 2 * 60_000;
  const stocks = JP_STOCKS.filter((s) => s.kind === 'stock')
    .map((s) => ({ symbol: s.symbol, p: sim.priceAt(s.symbol, openAt) }))
    .filter((s): s is { symbol: string; p: bigint } => s.p !== null && s.p > 0n)
    .map((s) => ({ symbol: s.symbol, openPrice: yen(s.p), lots: lotsFor(yen(s.p), long) }))
    .filter((s) => s.lots > 0);
  let day: LocalDate = from;
  for (let k = 1; k <= days; k++) {
    day = addTradingDays('jpy', day, 1);
    const at = zonedEpoch('Asia/Tokyo', day, 8 * 3600);
    let best: FallingStock | null = null;
    for (const s of stocks) {
      const exIn = sim.corporateActionsAt(s.symbol, at).some((a) => a.exDate > from && a.exDate <= day);
      const p = sim.priceAt(s.symbol, at);
      if (exIn || p === null) continue;
      const price = yen(p);
      const ratio = ratioAfter(s.openPrice, price, s.lots * 100, long.cash);
      if (ratio < ratios[0] || ratio > ratios[1]) continue;
      if (!best || ratio < best.ratio) best = { ...s, at, price, ratio };
    }
    if (best) return best;
  }
  throw new Error(
    `no JP stock's ${long.leverage}× long falls to ${ratios.join('–')}% within ${days} trading days`,
  );
}
