import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { fundPasswordVerifier } from '../../shared/fund-password.ts';
import { markApplied } from '../../shared/idempotency-keys.ts';
import type { Module, ModuleLog } from '../module.ts';
import { copyTradeAdminRoutes, copyTradeRoutes } from './copy-trade.routes.ts';
import { type CopyTradeService, copyTradeService } from './copy-trade.service.ts';

/** Copy-trade products: follow, redeem, the orders; the back office. Job `products`: the daily closes. */
export function copyTradeModule(
  deps: Deps,
  needs: { market: MarketDataProvider; log: ModuleLog },
): Module<Pick<CopyTradeService, 'runTimed' | 'daily'>> {
  const products = copyTradeService({
    ...deps,
    market: needs.market,
    keys: { markApplied },
    verifyFundPassword: fundPasswordVerifier(deps),
  });
  return {
    name: 'copy-trade',
    offers: { runTimed: products.runTimed, daily: products.daily },
    routes: (kit) => copyTradeRoutes(kit, products, needs.market),
    adminRoutes: (adminKit) => copyTradeAdminRoutes(adminKit, products),
    jobs: {
      products: () => products.runJobs((err) => needs.log.error({ err }, 'copy-trade daily job failed')),
    },
  };
}
