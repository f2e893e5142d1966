import { DZ_TYPES, tradingApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { OrdersService } from './orders.service.ts';
import type { PositionsService } from './positions.service.ts';
import { closedListWire, openListWire, positionWire, soldWire } from './trading.wire.ts';

export function tradingRoutes(kit: RouteKit, orders: OrdersService, positions: PositionsService): void {
  kit.post(tradingApi.buyStock, async (req) => {
    const b = req.body;
    const leverage = b.ganggan > 1000n ? 0 : Number(b.ganggan);
    const data = await orders.buy(
      currentUser(req),
      {
        symbol: b.symbol,
        quantity: b.zhang,
        leverage,
        direction: b.buyzd,
        orderType: b.gdlx,
        limitPrice: b.gdlx === 2 ? b.buy_price : undefined,
        market: b.type,
      },
      req.idempotency,
    );
    return ok(data, 'ok.bought');
  });
  kit.post(tradingApi.sellStock, async (req) =>
    ok(
      soldWire(await positions.sell(currentUser(req).id, req.body.id, req.idempotency, req.body.type)),
      'ok.sold',
    ),
  );
  kit.post(tradingApi.cancelStock, async (req) => {
    await positions.cancel(currentUser(req).id, req.body.id, req.idempotency);
    return ok(null, 'ok.cancelled');
  });
  kit.post(tradingApi.stockDetail, async (req) =>
    ok(positionWire(await positions.position(currentUser(req).id, req.body.id), req.body.lang)),
  );
  kit.post(tradingApi.userStockList, async (req) =>
    ok(
      openListWire(
        await positions.openPositions(currentUser(req).id, req.body.type),
        req.body.lang,
        req.body.buy_type === 1 ? DZ_TYPES.dayTrade : undefined,
      ),
    ),
  );
  kit.post(tradingApi.userStockLists, async (req) =>
    ok(closedListWire(await positions.closedPositions(currentUser(req).id, req.body.type), req.body.lang)),
  );
}
