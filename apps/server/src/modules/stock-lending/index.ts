import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { markApplied } from '../../shared/idempotency-keys.ts';
import type { Module, ModuleLog } from '../module.ts';
import { stockLendingAdmin } from './stock-lending.admin.ts';
import type { PositionAccess } from './stock-lending.deps.ts';
import { stockLendingAdminRoutes, stockLendingRoutes } from './stock-lending.routes.ts';
import { type StockLendingService, stockLendingService } from './stock-lending.service.ts';

/**
 * Stock lending: lend a holding, recall it, the fee's accrual. Reads and marks positions through the
 * trading module's store; a close of a lent position recalls it first (the module joins trading).
 * Job `lending`: accrual and payments.
 */
export function stockLendingModule(
  deps: Deps,
  needs: {
    market: MarketDataProvider;
    positions: PositionAccess;
    joinTrading(parts: { lending: Pick<StockLendingService, 'recallOnClose'> }): void;
    log: ModuleLog;
  },
): Module<Pick<StockLendingService, 'daily'>> {
  const lending = stockLendingService({
    ...deps,
    market: needs.market,
    keys: { markApplied },
    positions: needs.positions,
  });
  needs.joinTrading({ lending: { recallOnClose: lending.recallOnClose } });
  const admin = stockLendingAdmin({ ...deps, market: needs.market });
  return {
    name: 'stock-lending',
    offers: { daily: lending.daily },
    routes: (kit) => stockLendingRoutes(kit, lending),
    adminRoutes: (adminKit) => stockLendingAdminRoutes(adminKit, admin),
    jobs: {
      lending: () => lending.runJobs((err) => needs.log.error({ err }, 'stock lending accrual failed')),
    },
  };
}
