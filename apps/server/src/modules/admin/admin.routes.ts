import { adminApi } from '@kabuto/contract';
import type { Deps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import type { AdminService } from './admin.service.ts';
import * as wire from './admin.wire.ts';

const usernameOf = (body: unknown) => {
  const u = (body as { username?: unknown } | undefined)?.username;
  return typeof u === 'string' ? u.slice(0, 64) : '';
};

export function adminRoutes(adminKit: AdminRouteKit, deps: Deps, admin: AdminService): void {
  adminKit.postPublic(
    adminApi.login,
    async (req) => ok(await admin.login(req.body, req.ip ?? null), 'ok.loggedIn'),
    {
      rateLimit: {
        max: deps.env.RATE_LIMIT_LOGIN,
        timeWindow: '1 minute',
        keyGenerator: (req) => `admin|${req.ip}|${usernameOf(req.body)}`,
      },
    },
  );
  adminKit.post(adminApi.logout, 'reviewer', async (_req, op) => {
    await admin.logout(op);
    return ok(null, 'ok.loggedOut');
  });
  adminKit.post(adminApi.me, 'reviewer', async (_req, op) => ok({ username: op.username, role: op.role }));

  adminKit.post(adminApi.queueCounts, 'reviewer', async () => ok(await admin.queueCounts()));

  adminKit.post(adminApi.userList, 'operator', async (req) => {
    const { list, total } = await admin.users(req.body);
    return ok({ list: list.map(wire.userListRow), total });
  });
  adminKit.post(adminApi.userDetail, 'operator', async (req, op) =>
    ok(
      wire.userDetailReply(
        await admin.userDetail(req.body.id, (name) => adminKit.signedPath(op, `/uploads/${name}`)),
      ),
    ),
  );
  adminKit.post(adminApi.userSetState, 'operator', async (req, op) => {
    await admin.setState(op, req.body);
    return ok(null, 'ok.changed');
  });
  adminKit.post(adminApi.userMessage, 'operator', async (req, op) => {
    await admin.message(op, req.body);
    return ok(null, 'ok.submitted');
  });

  adminKit.post(adminApi.auditList, 'operator', async (req) => {
    const { list, total } = await admin.auditList(req.body);
    return ok({ list: list.map(wire.auditRow), total });
  });
  adminKit.post(adminApi.reconcile, 'operator', async (_req, op) => ok(await admin.reconcile(op)));

  adminKit.post(adminApi.configList, 'admin', async () => ok(await admin.configList()));
  adminKit.post(adminApi.configSet, 'admin', async (req, op) => {
    await admin.configSet(op, req.body);
    return ok(null, 'ok.changed');
  });
  adminKit.post(adminApi.operatorList, 'admin', async () => ok(await admin.operators()));
  adminKit.post(adminApi.operatorSave, 'admin', async (req, op) =>
    ok(await admin.saveOperator(op, req.body), 'ok.changed'),
  );
}
