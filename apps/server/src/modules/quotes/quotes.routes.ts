import { quotesApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { QuotesService } from './quotes.service.ts';
import { klineBar, klineQuery, searchRow } from './quotes.wire.ts';

export function quotesRoutes(kit: RouteKit, quotes: QuotesService): void {
  kit.post(quotesApi.indices, async (req) => ok(quotes.indices(req.body.type, req.body.lang)));
  kit.post(quotesApi.rankings, async (req) =>
    ok(await quotes.top(req.body.type, req.body.rank, req.body.lang, req.body.limit)),
  );
  kit.post(quotesApi.stock, async (req) =>
    ok(await quotes.detail(req.body.symbol, req.body.lang, req.body.type)),
  );
  kit.post(quotesApi.kline, async (req) => {
    const q = klineQuery(req.body);
    return ok((await quotes.kline(q.symbol, q.period, q.adjust, q.limit, q.market)).map(klineBar));
  });
  kit.post(quotesApi.search, async (req) =>
    ok(quotes.search(req.body.content, req.body.type, req.body.lang).map(searchRow)),
  );
  kit.post(quotesApi.watchlist, async (req) =>
    ok(await quotes.watchlist(currentUser(req).id, req.body.type, req.body.lang)),
  );
  kit.post(quotesApi.addToWatchlist, async (req) => {
    await quotes.addWatch(currentUser(req).id, req.body.symbol, req.body.type);
    return ok(null, 'ok.added');
  });
  kit.post(quotesApi.removeFromWatchlist, async (req) => {
    await quotes.removeWatch(currentUser(req).id, req.body.symbol, req.body.type);
    return ok(null, 'ok.deleted');
  });
}
