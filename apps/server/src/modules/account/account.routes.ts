import { accountApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { accountService } from './account.service.ts';
import { userInfoReply } from './account.wire.ts';

export function accountRoutes(kit: RouteKit, account: ReturnType<typeof accountService>): void {
  kit.post(accountApi.userInfo, async (req) =>
    ok(userInfoReply(await account.userInfo(currentUser(req).id, req.body.type))),
  );
}
