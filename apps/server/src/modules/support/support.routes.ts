import { supportApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { SupportService } from './support.service.ts';

/** In-app support: the user's page and message. */
export function supportRoutes(kit: RouteKit, support: SupportService): void {
  kit.post(supportApi.info, async (req) => ok(await support.info(currentUser(req).id, req.body)));
  kit.post(
    supportApi.send,
    async (req) => ok(await support.send(currentUser(req).id, req.body.body), 'ok.supportSent'),
    {
      // besides the hourly limit per user: bursts per token or address
      rateLimit: {
        max: 10,
        timeWindow: '1 minute',
        keyGenerator: (req) =>
          typeof req.headers.token === 'string' ? `s${req.headers.token.slice(0, 128)}` : req.ip,
      },
    },
  );
}

/** The back office's support inbox and reply. */
export function supportAdminRoutes(adminKit: AdminRouteKit, support: SupportService): void {
  adminKit.post(supportApi.adminList, 'reviewer', async (req) => ok(await support.inbox(req.body)));
  adminKit.post(supportApi.adminReply, 'reviewer', async (req, op) => {
    await support.reply(op, req.body.id, req.body.body);
    return ok(null, 'ok.replied');
  });
}
