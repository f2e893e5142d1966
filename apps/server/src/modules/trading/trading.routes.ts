import { dayTradeApi, tradingApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { OrdersService } from './orders.service.ts';
import type { PositionsService } from './positions.service.ts';
import type { OperationKey, Trader } from './trading.deps.ts';
import {
  type BlockSubscription,
  buyRequest,
  closedListWire,
  openListWire,
  positionKindFilter,
  positionWire,
  soldWire,
} from './trading.wire.ts';

export function tradingRoutes(
  kit: RouteKit,
  orders: OrdersService,
  positions: PositionsService,
  block: {
    subscribe(
      user: Trader,
      input: BlockSubscription,
      key?: OperationKey,
    ): Promise<{ id: string; order_no: string; status: number }>;
  },
  /** A day-trade order (`dz_type=3`): the day-trading module takes it (wired in app.ts). */
  dayTrade?: {
    buy(
      user: Trader,
      input: {
        symbol: string;
        quantity: bigint;
        leverage: number;
        direction: 1 | 2;
        orderType: 1 | 2;
        market?: Market;
      },
      key?: OperationKey,
    ): Promise<{ id: string; order_no: string; status: number }>;
  },
): void {
  kit.post(tradingApi.buyStock, async (req) => {
    const request = buyRequest(req.body);
    if ('block' in request)
      return ok(await block.subscribe(currentUser(req), request.block, req.idempotency), 'ok.subscribed');
    if (dayTrade && dayTradeApi.isDayTradeBuy(req.body))
      return ok(await dayTrade.buy(currentUser(req), request.order, req.idempotency), 'ok.bought');
    const data = await orders.buy(currentUser(req), request.order, req.idempotency);
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
        positionKindFilter(req.body),
      ),
    ),
  );
  kit.post(tradingApi.userStockLists, async (req) =>
    ok(closedListWire(await positions.closedPositions(currentUser(req).id, req.body.type), req.body.lang)),
  );
}
