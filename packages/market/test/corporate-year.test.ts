import {
  addDays,
  dividendEntitlement,
  isTradingDay,
  type LocalDate,
  MARKET_ZONE,
  splitHolding,
  splitRatio,
  tickSize,
  type Units,
  zonedEpoch,
} from '@kabuto/domain';
import { describe, expect, test } from 'vitest';
import { simulator } from './support.ts';

/**
 * The seed's world loses no money by itself: a buy-and-hold account of the whole catalogue, walked a
 * simulated year day by day on the simulator's clock, has its books adjusted on every ex-date by the
 * domain's rules (splits with fractions in cash, dividends paid gross here: the tax is not the world's
 * loss). Its total value stays equal to its market value plus the dividends received: at every action
 * the value at the last close equals the value at the ex-date's base price plus what was paid, within
 * the exchange's rounding of the base price to the tick.
 */
describe('a simulated year of the whole catalogue', () => {
  test('buy-and-hold: total value = market value + dividends received, within rounding', () => {
    const { sim, clock } = simulator('year-seed', '2026-01-05T06:00:00+09:00');
    const stocks = sim.instruments().filter((i) => i.kind === 'stock' && !i.listed);
    const book = new Map(
      stocks.map((i) => [
        i.symbol,
        { quantity: 1000n, openPrice: 0n as Units, margin: 0n as Units, direction: 1 },
      ]),
    );
    const applied = new Set<string>();
    let received = 0n;
    let actions = 0;
    let dividends = 0;
    for (let d: LocalDate = '2026-01-05'; d <= '2026-12-31'; d = addDays(d, 1)) {
      for (const inst of stocks) {
        if (!isTradingDay(inst.market, d)) continue;
        // before the session of the day, as the leader's job runs
        clock.set(zonedEpoch(MARKET_ZONE[inst.market], d, 6 * 3600));
        for (const a of sim.corporateActionsAt(inst.symbol, clock.now())) {
          if (a.exDate !== d || a.prevClose === null || a.base === null) continue;
          const key = `${a.symbol}:${a.exDate}:${a.kind}`;
          if (applied.has(key)) continue;
          applied.add(key);
          actions++;
          const h = book.get(a.symbol)!;
          const before = h.quantity * a.prevClose;
          let paid = 0n;
          if (a.cash) {
            const e = dividendEntitlement(
              { direction: 1, leverage: 1, lent: false, quantity: h.quantity },
              a.cash,
              a.currency,
              a.paymentDate,
            );
            paid += e.gross;
            dividends++;
          }
          if (a.kind === 'split') {
            const o = splitHolding(
              { ...h, openPrice: a.prevClose, margin: h.quantity * a.prevClose },
              splitRatio(a.ratio!),
              a.base,
              inst.market,
            );
            paid += o.fractionCash;
            h.quantity = o.quantity;
          }
          received += paid;
          const after = h.quantity * a.base + paid;
          // the base is the exchange's adjusted close, on the tick: half a tick per share at most
          const tick = tickSize(inst.tickTable, a.base, d) / 2n + 1n;
          expect(after - before <= h.quantity * tick && before - after <= h.quantity * tick).toBe(true);
        }
      }
    }
    expect(actions).toBeGreaterThan(stocks.length);
    expect(dividends).toBeGreaterThan(stocks.length / 2);
    expect(received).toBeGreaterThan(0n);
  }, 600_000);
});
