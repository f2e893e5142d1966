import type { Quote } from './types.ts';

export type RankKind = 'active' | 'rise' | 'fall' | 'popular';
export const RANK_KINDS: readonly RankKind[] = ['active', 'rise', 'fall', 'popular'];

export interface RankOptions {
  /** Default 20. */
  limit?: number;
  /** For "popular": how many users watch each symbol (e.g. watch-list counts). */
  watchCounts?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  /** Indices are left out unless asked for. */
  includeIndices?: boolean;
}

const cmpBig = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** Compare change rates exactly: a.change / a.preClose vs b.change / b.preClose. */
function cmpChangeRate(a: Quote, b: Quote): number {
  if (a.preClose <= 0n || b.preClose <= 0n)
    return cmpBig(a.preClose > 0n ? 1n : 0n, b.preClose > 0n ? 1n : 0n);
  return cmpBig(a.change * b.preClose, b.change * a.preClose);
}

function watchCount(counts: RankOptions['watchCounts'], symbol: string): number {
  if (!counts) return 0;
  if (counts instanceof Map) return counts.get(symbol) ?? 0;
  return (counts as Readonly<Record<string, number>>)[symbol] ?? 0;
}

/**
 * Rankings of a market's quotes: active = by turnover; rise / fall = by change rate (exact);
 * popular = by watch count (caller-provided), then by volume. Ties by symbol for a stable order.
 */
export function rankQuotes(quotes: readonly Quote[], kind: RankKind, opts: RankOptions = {}): Quote[] {
  const list = quotes.filter((q) => opts.includeIndices || q.kind !== 'index');
  const bySymbol = (a: Quote, b: Quote): number => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
  let cmp: (a: Quote, b: Quote) => number;
  switch (kind) {
    case 'active':
      cmp = (a, b) => cmpBig(b.turnover, a.turnover) || bySymbol(a, b);
      break;
    case 'rise':
      cmp = (a, b) => cmpChangeRate(b, a) || bySymbol(a, b);
      break;
    case 'fall':
      cmp = (a, b) => cmpChangeRate(a, b) || bySymbol(a, b);
      break;
    case 'popular':
      cmp = (a, b) =>
        watchCount(opts.watchCounts, b.symbol) - watchCount(opts.watchCounts, a.symbol) ||
        cmpBig(b.volume, a.volume) ||
        bySymbol(a, b);
      break;
  }
  return [...list].sort(cmp).slice(0, opts.limit ?? 20);
}
