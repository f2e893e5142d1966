import { newSharesApi } from '@kabuto/contract';
import type { Deps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { NewSharesAdmin } from './new-shares.admin.ts';
import type { NewSharesService } from './new-shares.service.ts';
import { applicationInput, offeringWire, proofWire, recordWire } from './new-shares.wire.ts';

export function newSharesRoutes(kit: RouteKit, { clock }: Deps, s: NewSharesService): void {
  kit.post(newSharesApi.offerings, async (req) => {
    const b = req.body;
    const rows = await s.offerings(currentUser(req).id, { market: b.type, phase: b.status });
    return ok(rows.map((v) => offeringWire(v, b.lang)));
  });
  kit.post(newSharesApi.apply, async (req) => {
    const data = await s.apply(currentUser(req), applicationInput(req.body), req.idempotency);
    return ok(data, 'ok.subscribed');
  });
  kit.post(newSharesApi.decline, async (req) => {
    await s.abstain(currentUser(req).id, req.body.id, req.body.type, req.idempotency);
    return ok(null, 'ok.abstained');
  });
  kit.post(newSharesApi.applications, async (req) => {
    const user = currentUser(req);
    const now = clock.now();
    const rows = await s.records(user.id, req.body.type, req.body.page, req.body.size);
    return ok(rows.map((r) => recordWire(r, req.body.lang, now)));
  });
  kit.post(newSharesApi.draw, async (req) => ok(proofWire(await s.drawProof(req.body.id, req.body.type))));
}

/** The back office's offerings: save, price, cancel, draw; the applications. */
export function newSharesAdminRoutes(adminKit: AdminRouteKit, admin: NewSharesAdmin): void {
  adminKit.post(newSharesApi.adminOfferings, 'reviewer', async (req) => ok(await admin.offerings(req.body)));
  adminKit.post(newSharesApi.adminOfferingSave, 'operator', async (req, op) =>
    ok(await admin.save(op, req.body), 'ok.changed'),
  );
  adminKit.post(newSharesApi.adminOfferingPrice, 'operator', async (req, op) => {
    await admin.price(op, req.body);
    return ok(null, 'ok.changed');
  });
  adminKit.post(newSharesApi.adminOfferingCancel, 'operator', async (req, op) => {
    await admin.cancel(op, req.body);
    return ok(null, 'ok.changed');
  });
  adminKit.post(newSharesApi.adminOfferingDraw, 'operator', async (req, op) =>
    ok(await admin.draw(req.body.id, op), 'ok.drawn'),
  );
  adminKit.post(newSharesApi.adminApplications, 'reviewer', async (req) => {
    const b = req.body;
    return ok(
      await admin.applications({
        offeringId: b.offering_id,
        status: b.status,
        outcome: b.outcome,
        account: b.account,
        page: b.page,
        size: b.size,
      }),
    );
  });
}
