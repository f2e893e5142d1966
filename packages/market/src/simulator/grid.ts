import { type LocalDate, type TickTable, type TickTableId, tickTable } from '@kabuto/domain';

/**
 * The domain's tick tables as plain numbers (integer units), for the simulator's hot loops.
 * Units stay far below 2^53, so integer arithmetic in doubles is exact.
 */
export interface NumGrid {
  lte: boolean;
  max: number[];
  tick: number[];
  first: number;
}

const cache = new WeakMap<TickTable, NumGrid>();

export function numGrid(id: TickTableId, date: LocalDate): NumGrid {
  const table = tickTable(id, date);
  let g = cache.get(table);
  if (!g) {
    g = {
      lte: table.boundary === 'lte',
      max: table.bands.map((b) => (b.max === null ? Number.POSITIVE_INFINITY : Number(b.max))),
      tick: table.bands.map((b) => Number(b.tick)),
      first: Number(table.bands[0].tick),
    };
    cache.set(table, g);
  }
  return g;
}

export function gridTick(g: NumGrid, p: number): number {
  const n = g.max.length;
  for (let i = 0; i < n; i++) if (g.lte ? p <= g.max[i] : p < g.max[i]) return g.tick[i];
  return g.tick[n - 1];
}

export function snapDown(g: NumGrid, p: number): number {
  if (p <= g.first) return g.first;
  const t = gridTick(g, p);
  return Math.floor(p / t) * t;
}

export function snapUp(g: NumGrid, p: number): number {
  if (p <= g.first) return g.first;
  const t = gridTick(g, p);
  const d = Math.floor(p / t) * t;
  return d === p ? d : d + t;
}

export function snapNearest(g: NumGrid, p: number): number {
  const d = snapDown(g, p);
  const u = snapUp(g, p);
  return p - d < u - p ? d : u;
}
