import { indicesQuery } from '../../lib/api/use-indices.ts';
import { noticesQuery } from '../../lib/api/use-notices.ts';
import { rankingQuery } from '../../lib/api/use-ranking.ts';
import { userInfoQuery } from '../../lib/api/use-user-info.ts';
import { queryClient } from '../../lib/query-client.ts';
import { storedMarket } from '../../lib/storage.ts';
import { HOME_RANK_ROWS } from './opening-calls.ts';

/**
 * Fill home's queries for its opening reads (`homeOpeningCalls`) before the app mounts on home, so that
 * its first render has their data: each query takes its reply from the entry's early call. Not the total
 * assets: every screen showing them asks again as it opens (`useAssetsSummary`), so their card takes
 * its early reply itself when it mounts.
 */
export function primeHomeOpening(): Promise<unknown> {
  const market = storedMarket();
  return Promise.all([
    queryClient.prefetchQuery(userInfoQuery(market)),
    queryClient.prefetchQuery(noticesQuery()),
    queryClient.prefetchQuery(indicesQuery(market)),
    queryClient.prefetchQuery(rankingQuery(market, 'active', HOME_RANK_ROWS)),
  ]);
}
