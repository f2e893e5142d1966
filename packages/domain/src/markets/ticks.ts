/**
 * Tick sizes (minimum price increments) as effective-dated tables. All maths in bigint units.
 */
import { UNIT, type Units } from '../money.ts';
import type { LocalDate } from './time.ts';
import { type Dated, effectiveRow, latestRow, type TickTableId } from './types.ts';

export interface TickBand {
  /** Upper bound of the band in units; null = no upper bound. */
  max: Units | null;
  tick: Units;
}

export interface TickTable extends Dated {
  /** 'lte': a price equal to `max` is in the band ("or less"); 'lt': it is in the next band ("less than"). */
  boundary: 'lte' | 'lt';
  bands: readonly TickBand[];
}

const y = (v: number | string): Units => {
  const [whole, frac = ''] = String(v).split('.');
  return BigInt(whole) * UNIT + BigInt(frac.padEnd(4, '0'));
};
const bands = (rows: readonly [number | null, number | string][]): TickBand[] =>
  rows.map(([max, tick]) => ({ max: max === null ? null : y(max), tick: y(tick) }));

/** Korea's one table for KOSPI and KOSDAQ since the 2023 unification. */
const KRX_UNIFIED: TickTable = {
  from: '2023-01-25',
  boundary: 'lt',
  bands: bands([
    [2_000, 1],
    [5_000, 5],
    [20_000, 10],
    [50_000, 50],
    [200_000, 100],
    [500_000, 500],
    [null, 1_000],
  ]),
};

export const TICK_TABLES: Record<TickTableId, readonly TickTable[]> = {
  tse_general: [
    {
      from: '1990-01-01',
      boundary: 'lte',
      bands: bands([
        [3_000, 1],
        [5_000, 5],
        [30_000, 10],
        [50_000, 50],
        [300_000, 100],
        [500_000, 500],
        [3_000_000, 1_000],
        [5_000_000, 5_000],
        [30_000_000, 10_000],
        [50_000_000, 50_000],
        [null, 100_000],
      ]),
    },
  ],
  // Finer grid for index constituents: TOPIX100 from 2014-07-22, TOPIX500 from 2023-06-05 (JPX, "tick
  // size" FAQ, the table for TOPIX500 constituents; boundary "or less"). The bands break at 1,000 / 3,000 /
  // 10,000 / 30,000 / … yen: ¥3,000.5 is off the grid (a tick of 1 above ¥3,000), ¥2,999.5 is on it.
  tse_topix500: [
    {
      from: '2014-07-22',
      boundary: 'lte',
      bands: bands([
        [1_000, '0.1'],
        [3_000, '0.5'],
        [10_000, 1],
        [30_000, 5],
        [100_000, 10],
        [300_000, 50],
        [1_000_000, 100],
        [3_000_000, 500],
        [10_000_000, 1_000],
        [30_000_000, 5_000],
        [null, 10_000],
      ]),
    },
  ],
  cn: [{ from: '1990-01-01', boundary: 'lt', bands: bands([[null, '0.01']]) }],
  krx: [
    // KOSPI table before the 2023 unification
    {
      from: '1990-01-01',
      boundary: 'lt',
      bands: bands([
        [1_000, 1],
        [5_000, 5],
        [10_000, 10],
        [50_000, 50],
        [100_000, 100],
        [500_000, 500],
        [null, 1_000],
      ]),
    },
    KRX_UNIFIED,
  ],
  krx_kosdaq: [
    // KOSDAQ capped the tick at 100 won before the 2023 unification
    {
      from: '1990-01-01',
      boundary: 'lt',
      bands: bands([
        [1_000, 1],
        [5_000, 5],
        [10_000, 10],
        [50_000, 50],
        [null, 100],
      ]),
    },
    KRX_UNIFIED,
  ],
  us: [
    {
      from: '1990-01-01',
      boundary: 'lt',
      bands: bands([
        [1, '0.0001'],
        [null, '0.01'],
      ]),
    },
  ],
  index: [{ from: '1990-01-01', boundary: 'lt', bands: bands([[null, '0.01']]) }],
};

/** The tick table of `id` in effect on `date` (the newest one when no date is given). */
export const tickTable = (id: TickTableId, date?: LocalDate): TickTable =>
  date === undefined ? latestRow(TICK_TABLES[id]) : effectiveRow(TICK_TABLES[id], date, `tick table ${id}`);

function bandTick(table: TickTable, price: Units): Units {
  for (const b of table.bands) {
    if (b.max === null) return b.tick;
    if (table.boundary === 'lte' ? price <= b.max : price < b.max) return b.tick;
  }
  return table.bands[table.bands.length - 1].tick;
}

/** The tick size at a price. */
export const tickSize = (id: TickTableId, price: Units, date?: LocalDate): Units =>
  bandTick(tickTable(id, date), price);

/** A positive price that lies on the tick grid. */
export function isOnTick(id: TickTableId, price: Units, date?: LocalDate): boolean {
  if (price <= 0n) return false;
  return price % tickSize(id, price, date) === 0n;
}

export type SnapMode = 'down' | 'up' | 'nearest';

/** Move a price onto the tick grid (nearest: ties go up). Prices below the first tick snap up to it. */
export function snapToTick(id: TickTableId, price: Units, mode: SnapMode, date?: LocalDate): Units {
  const table = tickTable(id, date);
  const first = table.bands[0].tick;
  if (price <= first) return first;
  const t = bandTick(table, price);
  const down = price - (price % t);
  if (down === price) return price;
  const up = down + t;
  if (mode === 'down') return down;
  if (mode === 'up') return up;
  return price - down < up - price ? down : up;
}

/** The price `n` grid steps away (n may be negative; never below the smallest tick). */
export function stepTicks(id: TickTableId, price: Units, n: number, date?: LocalDate): Units {
  let p = price;
  for (let i = 0; i < Math.abs(n); i++)
    p = snapToTick(id, n > 0 ? p + 1n : p - 1n, n > 0 ? 'up' : 'down', date);
  return p;
}
