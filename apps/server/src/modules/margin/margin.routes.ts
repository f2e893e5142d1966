import { adminApi, marginApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { FinancingAdmin } from './financing.admin.ts';
import type { MarginService } from './margin.service.ts';
import type { ShortableAdmin } from './shortable.admin.ts';

export function marginRoutes(kit: RouteKit, margin: MarginService): void {
  kit.post(marginApi.account, async (req) => ok(await margin.state(currentUser(req).id, req.body.type)));
  kit.post(marginApi.apply, async (req) => {
    const userId = currentUser(req).id;
    const b = req.body;
    await margin.apply(userId, {
      experience: b.experience,
      assets: b.assets,
      income: b.income,
      risksUnderstood: b.risks,
      agreementAccepted: b.agreement,
    });
    return ok(await margin.state(userId, 'jpy'), 'ok.submitted');
  });
}

/**
 * The back office: the applications' review queue, the margin calls by deadline, the stocks' 逆日歩, and
 * the shortable list (administrators, as the settings it is one of).
 */
export function marginAdminRoutes(
  adminKit: AdminRouteKit,
  margin: MarginService,
  costs: FinancingAdmin,
  shortable: ShortableAdmin,
): void {
  adminKit.post(adminApi.marginList, 'reviewer', async (req) => ok(await margin.list(req.body)));
  adminKit.post(adminApi.marginDecide, 'reviewer', async (req, op) => {
    await margin.decide(op, req.body);
    return ok(null, 'ok.decided');
  });
  adminKit.post(adminApi.marginCalls, 'reviewer', async (req) =>
    ok(await margin.calls(req.body.status, req.body.size)),
  );
  adminKit.post(adminApi.marginPremiums, 'operator', async () => ok(await costs.premiums()));
  adminKit.post(adminApi.marginPremium, 'operator', async (req, op) => {
    await costs.setPremium(op, req.body);
    return ok(null, 'ok.changed');
  });
  adminKit.post(adminApi.shortableList, 'admin', async (req) =>
    ok(await shortable.view(req.body.market, req.body.lang, req.body.symbol)),
  );
  adminKit.post(adminApi.shortableAdd, 'admin', async (req, op) => {
    await shortable.add(op, req.body);
    return ok(null, 'ok.changed');
  });
  adminKit.post(adminApi.shortableRemove, 'admin', async (req, op) => {
    await shortable.remove(op, req.body);
    return ok(null, 'ok.changed');
  });
}
