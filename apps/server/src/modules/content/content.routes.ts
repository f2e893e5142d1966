import { accountApi, contentApi } from '@kabuto/contract';
import type { Deps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { loadSettings, publicSettings } from '../../shared/settings.ts';
import { getNews, getPage, listNews } from './content.service.ts';
import { listNotices, readNotice } from './notice.service.ts';

export function contentRoutes(kit: RouteKit, deps: Deps): void {
  const { db, clock } = deps;

  kit.post(contentApi.config, async () => ok(publicSettings(await loadSettings(db))));
  kit.post(contentApi.wenben, async ({ body }) => ok(await getPage(db, body.name, body.lang)));
  kit.post(contentApi.newss, async ({ body }) => ok(await listNews(db, body.lang, Number(body.page ?? 1n))));
  kit.post(contentApi.newsinfo, async ({ body }) => ok(await getNews(db, body.id, body.lang)));

  kit.post(accountApi.notice, async (req) => ok(await listNotices(db, currentUser(req).id, req.body.lang)));
  kit.post(accountApi.noticedetail, async (req) =>
    ok(await readNotice(db, currentUser(req).id, req.body.id, req.body.lang, new Date(clock.now()))),
  );
}
