import { adminApi, loansApi } from '@kabuto/contract';
import { ok, pageOf } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { LoansService } from './loans.service.ts';
import * as wire from './loans.wire.ts';

export function loansRoutes(kit: RouteKit, loans: LoansService): void {
  kit.post(loansApi.info, async (req) =>
    ok(wire.loanTermsReply(await loans.info(currentUser(req).id, wire.loanTerms(req.body)))),
  );
  kit.post(loansApi.apply, async (req) =>
    ok(
      wire.appliedReply(await loans.apply(currentUser(req), wire.loanInput(req.body), req.idempotency)),
      'ok.borrowed',
    ),
  );
  kit.post(loansApi.repay, async (req) =>
    ok(
      wire.repaidReply(await loans.repay(currentUser(req).id, wire.loanInput(req.body), req.idempotency)),
      'ok.repaid',
    ),
  );
  kit.post(loansApi.list, async (req) =>
    ok(pageOf(await loans.list(currentUser(req).id, req.body.type), req.body).map(wire.loanRow)),
  );
}

/** The back office's loan queue and decision, and a user's credit limit. */
export function loansAdminRoutes(adminKit: AdminRouteKit, loans: LoansService): void {
  adminKit.post(adminApi.loanList, 'reviewer', async (req) => ok(await loans.queue(req.body)));
  adminKit.post(adminApi.loanDecide, 'reviewer', async (req, op) => {
    await loans.decide(op, req.body);
    return ok(null, 'ok.decided');
  });
  adminKit.post(adminApi.userSetCredit, 'operator', async (req, op) => {
    await loans.setCredit(op, req.body);
    return ok(null, 'ok.changed');
  });
}
