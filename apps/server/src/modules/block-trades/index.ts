import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { markApplied } from '../../shared/idempotency-keys.ts';
import type { Module, ModuleLog } from '../module.ts';
import type { BlockTradesDeps } from './block-trades.deps.ts';
import { blockTradesAdminRoutes, blockTradesRoutes } from './block-trades.routes.ts';
import { type BlockTradesService, blockTradesService } from './block-trades.service.ts';

/**
 * Block trades and the after-market list. A block purchase arrives on the trading module's order call
 * (its block desk); allocation hands out positions through the trading module's insert. Job `block`
 * (the leader's): allocate the offerings whose window closed.
 */
export function blockTradesModule(
  deps: Deps,
  needs: {
    market: MarketDataProvider;
    insertPositions: BlockTradesDeps['insertPositions'];
    /** The trading module's join: the block desk takes `is_qc=2` orders. */
    joinTrading(parts: { block: Pick<BlockTradesService, 'subscribe'> }): void;
    log: ModuleLog;
  },
): Module<Pick<BlockTradesService, 'allocateDue'>> {
  const block = blockTradesService({
    ...deps,
    market: needs.market,
    keys: { markApplied },
    insertPositions: needs.insertPositions,
  });
  needs.joinTrading({ block });
  return {
    name: 'block-trades',
    offers: { allocateDue: block.allocateDue },
    routes: (kit) => blockTradesRoutes(kit, block),
    adminRoutes: (adminKit) => blockTradesAdminRoutes(adminKit, block),
    jobs: { block: () => block.allocateDue((err) => needs.log.error({ err }, 'block allocation failed')) },
  };
}
