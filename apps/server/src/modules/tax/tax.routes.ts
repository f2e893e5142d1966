import { taxApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { TaxService } from './tax.service.ts';
import { annualWire, taxStateWire } from './tax.wire.ts';

/** The user's tax account (My page) and the back office's view and override. */
export function taxRoutes(kit: RouteKit, tax: TaxService): void {
  kit.post(taxApi.account, async (req) => ok(taxStateWire(await tax.state(currentUser(req).id))));
  kit.post(taxApi.annual, async (req) =>
    ok(annualWire(await tax.annual(currentUser(req).id, req.body.year))),
  );
  kit.post(taxApi.choose, async (req) =>
    ok(
      taxStateWire(await tax.choose(currentUser(req).id, { kind: req.body.kind, nisa: req.body.nisa === 1 })),
      'ok.taxAccountSet',
    ),
  );
}

export function taxAdminRoutes(adminKit: AdminRouteKit, tax: TaxService): void {
  adminKit.post(taxApi.adminGet, 'reviewer', async (req) => ok(taxStateWire(await tax.state(req.body.id))));
  adminKit.post(taxApi.adminSet, 'operator', async (req, op) => {
    await tax.override(op, req.body.id, {
      kind: req.body.kind,
      nisa: req.body.nisa === 1,
      reason: req.body.reason,
    });
    return ok(null, 'ok.taxAccountSet');
  });
}
