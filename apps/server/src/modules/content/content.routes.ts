import { accountApi, contentApi } from '@kabuto/contract';
import { type Currency, MARKETS, type DailyWindow as Window } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { ok, pageOf } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { marketModeOf } from '../../shared/market-data.ts';
import { loadSettings, publicSettings } from '../../shared/settings.ts';
import { marketConfig } from './config.wire.ts';
import { getNews, getPage, listNews } from './content.service.ts';
import * as wire from './content.wire.ts';
import { listNotices, readNotice } from './notice.service.ts';

/** The deposit window of a wallet, from the module that owns deposit channels (wired in app.ts). */
export type DepositWindow = (currency: Currency) => Promise<(Window & { needsPassword: boolean }) | null>;

/**
 * Each market's data mode as the start-up config's `market_modes`: `market:mode:delayMinutes` joined by
 * commas (`jpy:delayed:20,usd:live:0,…`), read from a quote of the market (docs/market-data.md). Screens
 * label prices whose rows do not carry a mode of their own with it.
 */
export function marketModes(market: MarketDataProvider): string {
  return MARKETS.map((m) => {
    const { mode, delayMinutes } = marketModeOf(market, m);
    return `${m}:${mode}:${delayMinutes}`;
  }).join(',');
}

export function contentRoutes(
  kit: RouteKit,
  deps: Deps,
  depositWindow: DepositWindow,
  market: MarketDataProvider,
): void {
  const { db, clock } = deps;

  kit.post(contentApi.config, async ({ body }) => {
    const settings = await loadSettings(db);
    if (body.type === undefined || body.type === 'all') {
      // the web app's notice on every screen while every market is simulated: the money is not real
      const modes = marketModes(market);
      const simulated = modes.split(',').every((m) => m.split(':')[1] === 'simulated');
      return ok([
        ...publicSettings(settings),
        { name: 'market_modes', value: modes },
        ...(simulated ? [{ name: 'simulated_prices', value: '1' }] : []),
      ]);
    }
    return ok(marketConfig(settings, body.type, clock.now(), await depositWindow(body.type)));
  });
  kit.post(contentApi.page, async ({ body }) => ok(await getPage(db, body.name, body.lang)));
  kit.post(contentApi.news, async ({ body }) => {
    const { list, total } = await listNews(db, body.lang, body.page, body.size);
    const rows = list.map(wire.newsRow);
    // `list` for Kabuto's app, `result` for the family's clients: the same rows
    return ok({ list: rows, result: rows, total });
  });
  kit.post(contentApi.newsDetail, async ({ body }) =>
    ok(wire.newsReply(await getNews(db, body.id, body.lang))),
  );

  kit.post(accountApi.notices, async (req) =>
    ok(pageOf(await listNotices(db, currentUser(req).id, req.body.lang), req.body).map(wire.noticeRow)),
  );
  kit.post(accountApi.noticeDetail, async (req) =>
    ok(
      wire.noticeReply(
        await readNotice(db, currentUser(req).id, req.body.id, req.body.lang, new Date(clock.now())),
      ),
    ),
  );
}
