import { assetsApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { AssetsService } from './assets.service.ts';

/** Total assets in yen with its breakdown (a Kabuto extension beside getUserinfo's per-market figures). */
export function assetsRoutes(kit: RouteKit, assets: AssetsService): void {
  kit.post(assetsApi.summary, async (req) => ok(await assets.summary(currentUser(req).id)));
}
