import { accountApi, contentApi } from '@kabuto/contract';
import type { Currency, DailyWindow as Window } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { ok, pageOf } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { loadSettings, publicSettings } from '../../shared/settings.ts';
import { marketConfig } from './config.wire.ts';
import { getNews, getPage, listNews } from './content.service.ts';
import * as wire from './content.wire.ts';
import { listNotices, readNotice } from './notice.service.ts';

/** The deposit window of a wallet, from the module that owns deposit channels (wired in app.ts). */
export type DepositWindow = (currency: Currency) => Promise<(Window & { needsPassword: boolean }) | null>;

export function contentRoutes(kit: RouteKit, deps: Deps, depositWindow: DepositWindow): void {
  const { db, clock } = deps;

  kit.post(contentApi.config, async ({ body }) => {
    const settings = await loadSettings(db);
    if (body.type === undefined || body.type === 'all') {
      // the web app's notice on every screen: prices come from the simulator, the money is not real
      const simulated = deps.env.MARKET_PROVIDER === 'simulator';
      return ok([
        ...publicSettings(settings),
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
