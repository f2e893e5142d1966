import { stockLendingApi } from '@kabuto/contract';
import { formatPercent, formatUnits } from '@kabuto/domain';
import { ok, pageOf } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { StockLendingAdmin } from './stock-lending.admin.ts';
import type { StockLendingService } from './stock-lending.service.ts';
import { lendableWire, lendRecordWire } from './stock-lending.wire.ts';

/** Stock lending's calls: the lendable list, lend, recall, the records; the back office's loans and rates. */
export function stockLendingRoutes(kit: RouteKit, lending: StockLendingService): void {
  kit.post(stockLendingApi.lendable, async (req) => {
    const rows = await lending.lendable(currentUser(req).id, req.body.type);
    return ok(rows.map((r) => lendableWire(r, req.body.lang)));
  });
  kit.post(stockLendingApi.lend, async (req) => {
    const r = await lending.lend(currentUser(req).id, req.body.id, req.body.type);
    return ok({ id: String(r.id), rate: formatPercent(r.ratePpm) }, 'ok.lent');
  });
  kit.post(stockLendingApi.recall, async (req) => {
    const r = await lending.recall(currentUser(req).id, req.body.id, req.idempotency, req.body.type);
    return ok({ id: String(r.id), paid: formatUnits(r.paid) }, 'ok.recalled');
  });
  kit.post(stockLendingApi.loans, async (req) => {
    const rows = await lending.records(currentUser(req).id, req.body.type);
    return ok(pageOf(rows, req.body).map((r) => lendRecordWire(r, req.body.lang)));
  });
}

/** The back office's loans and lending rates. */
export function stockLendingAdminRoutes(adminKit: AdminRouteKit, admin: StockLendingAdmin): void {
  adminKit.post(stockLendingApi.adminLoans, 'operator', async (req) => ok(await admin.loans(req.body)));
  adminKit.post(stockLendingApi.adminRates, 'operator', async (req) =>
    ok(await admin.rates(req.body.market, req.body.lang)),
  );
  adminKit.post(stockLendingApi.adminSetRate, 'operator', async (req, op) => {
    await admin.setRate(op, req.body);
    return ok(null, 'ok.changed');
  });
}
