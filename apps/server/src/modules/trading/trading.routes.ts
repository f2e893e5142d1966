import { blockApi, DZ_TYPES, tradingApi } from '@kabuto/contract';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { OrdersService } from './orders.service.ts';
import type { PositionsService } from './positions.service.ts';
import type { OperationKey, Trader } from './trading.deps.ts';
import { closedListWire, openListWire, positionWire, soldWire } from './trading.wire.ts';

/** A block-trade subscription (`is_qc=2`): the block module takes it (wired in app.ts). */
interface BlockSubscription {
  offeringId: bigint;
  quantity: bigint;
  password?: string;
}

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
): void {
  kit.post(tradingApi.buyStock, async (req) => {
    const b = req.body;
    if (blockApi.isBlockBuy(b)) {
      const input = { offeringId: b.id, quantity: b.zhang, password: b.password };
      return ok(await block.subscribe(currentUser(req), input, req.idempotency), 'ok.subscribed');
    }
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
        afterMarket: Number(b.dz_type ?? 0) === 1,
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
