import { isMarket, type Market } from '@kabuto/domain';

/**
 * The stock a page's address names (`?symbol=&type=`): the symbol upper-cased, and its market, Tokyo
 * when the address names none. The page reads it, and so do the reads sent before its code arrives.
 */
export function stockTarget(params: URLSearchParams): { symbol: string; market: Market } {
  const symbol = (params.get('symbol') ?? '').toUpperCase();
  const type = params.get('type') ?? '';
  return { symbol, market: isMarket(type) ? type : 'jpy' };
}
