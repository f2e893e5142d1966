import { ManualClock } from '@kabuto/domain';
import { createSimulator, type SimulatedMarketData } from '../src/index.ts';

/** Instruments that cover every market, board, tick table and limit rule. */
export const SAMPLE = [
  '7203', // TSE Prime, TOPIX500 ticks, split 2021
  '9432', // 0.1-yen ticks
  '2702', // TSE Standard, general ticks
  '4592', // TSE Growth
  'AAPL',
  'BRK.B',
  '600519', // SSE main ±10%
  '688981', // STAR ±20%, listed 2020
  '300750', // ChiNext ±20% (±10% before 2020-08-24)
  '005930', // KOSPI, 50:1 split 2018
  '247540', // KOSDAQ, old tick table before 2023
  'N225',
  'SH000001',
] as const;

export const at = (iso: string): number => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new Error(iso);
  return t;
};

export function simulator(
  seed: string | number = 'test-seed',
  start = '2026-11-24T10:30:00+09:00',
): {
  sim: SimulatedMarketData;
  clock: ManualClock;
} {
  const clock = new ManualClock(at(start));
  return { sim: createSimulator({ clock, seed, tickIntervalMs: 0 }), clock };
}
