import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeOpeningCalls } from '../features/home/opening-calls.ts';
import { primeHomeOpening } from '../features/home/opening-queries.ts';
import { stockDetailsQuery } from '../features/quotes/api/use-stock-details.ts';
import { watchlistQuery } from '../features/quotes/api/use-watchlist.ts';
import { stockOpeningCalls } from '../features/quotes/opening-calls.ts';
import { primeStockOpening } from '../features/quotes/opening-queries.ts';
import { assetsSummaryQuery } from '../lib/api/use-assets-summary.ts';
import { indicesQuery } from '../lib/api/use-indices.ts';
import { noticesQuery } from '../lib/api/use-notices.ts';
import { rankingQuery } from '../lib/api/use-ranking.ts';
import { userInfoQuery } from '../lib/api/use-user-info.ts';
import { queryClient } from '../lib/query-client.ts';
import { OPENING_SCREENS } from './opening-screens.ts';
import { shellRoutes } from './routes.ts';

/** fetch stub: a reply for every request (the assets summary with its wallets), each request recorded. */
function stubFetch() {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://app').pathname;
      sent.push(path);
      const data = path.endsWith('/assets_summary') ? { wallets: [] } : {};
      return new Response(JSON.stringify({ status: 1, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/**
 * A screen's opening reads are sent by the entry (`send`) and put into the query cache before the app
 * mounts (`prime`): every query takes its reply from an early call with its own path and body, so none
 * asks again. A body that drifted from its query's would show up here as a second request.
 */
describe('the opening reads of a screen the app starts on', () => {
  it('are declared by the screens the build preloads, and by no other', () => {
    const opening = shellRoutes.filter((r) => r.opening).map((r) => r.path);
    expect(opening.sort()).toEqual(Object.keys(OPENING_SCREENS).sort());
  });

  it('home: five reads, each sent once; four in their queries when the app mounts', async () => {
    const sent = stubFetch();
    homeOpeningCalls();
    expect(sent).toHaveLength(5);
    await primeHomeOpening();
    expect(sent).toHaveLength(5);
    // the total assets are asked for by their card as it mounts (every screen showing them asks afresh)
    expect(queryClient.getQueryState(assetsSummaryQuery().queryKey)).toBeUndefined();
    await queryClient.fetchQuery(assetsSummaryQuery());
    expect(sent).toHaveLength(5);
    for (const query of [
      userInfoQuery('jpy'),
      noticesQuery(),
      indicesQuery('jpy'),
      rankingQuery('jpy', 'active', 10),
    ])
      expect(queryClient.getQueryState(query.queryKey)?.status).toBe('success');
  });

  it("a stock's page: its details and the market's watchlist, each sent once", async () => {
    const sent = stubFetch();
    const page = new URLSearchParams('symbol=AAPL&type=usd');
    stockOpeningCalls(page);
    expect(sent).toHaveLength(2);
    await primeStockOpening(page);
    expect(sent).toHaveLength(2);
    expect(queryClient.getQueryState(stockDetailsQuery('AAPL', 'usd').queryKey)?.status).toBe('success');
    expect(queryClient.getQueryState(watchlistQuery('usd').queryKey)?.status).toBe('success');
  });

  it('a stock page without a symbol reads nothing', async () => {
    const sent = stubFetch();
    const page = new URLSearchParams('type=usd');
    stockOpeningCalls(page);
    await primeStockOpening(page);
    expect(sent).toHaveLength(0);
  });
});
