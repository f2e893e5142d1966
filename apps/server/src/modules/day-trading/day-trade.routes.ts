import { adminApi, dayTradingApi } from '@kabuto/contract';
import { ok, pageOf } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { nameOf } from '../../shared/market-data.ts';
import type { DayTradeDeps } from './day-trade.deps.ts';
import type { DayTradeReview } from './day-trade.review.ts';
import type { DayTradeService } from './day-trade.service.ts';
import { applicationWire } from './day-trade.wire.ts';

/**
 * Day trading's calls: the application and the list (the day-trade order is `/trade/buy_stock`
 * `dz_type=3`, in the trading routes), and the back office's review queue.
 */
export function dayTradeRoutes(
  kit: RouteKit,
  deps: Pick<DayTradeDeps, 'market'>,
  service: DayTradeService,
): void {
  kit.post(dayTradingApi.apply, async (req) =>
    ok(
      await service.apply(
        currentUser(req),
        { amount: req.body.money, market: req.body.type },
        req.idempotency,
      ),
      'ok.dayTradeApplied',
    ),
  );
  const names = (symbol: string, lang: Parameters<typeof nameOf>[1]) => {
    const inst = deps.market.instrument(symbol);
    return inst ? nameOf(inst, lang) : symbol;
  };
  kit.post(dayTradingApi.applications, async (req) => {
    const rows = await service.list(currentUser(req).id, req.body.type);
    return ok(pageOf(rows, req.body).map((v) => applicationWire(v, names, req.body.lang)));
  });
}

/** The back office's review queue of day-trading applications. */
export function dayTradeAdminRoutes(adminKit: AdminRouteKit, review: DayTradeReview): void {
  adminKit.post(adminApi.dayTradeList, 'reviewer', async (req) => ok(await review.queue(req.body)));
  adminKit.post(adminApi.dayTradeDecide, 'reviewer', async (req, op) => {
    await review.decide(op, req.body);
    return ok(null, 'ok.decided');
  });
}
