import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { markApplied } from '../../shared/idempotency-keys.ts';
import type { Module, ModuleLog } from '../module.ts';
import { newSharesAdmin } from './new-shares.admin.ts';
import type { NewSharesDeps } from './new-shares.deps.ts';
import { newSharesAdminRoutes, newSharesRoutes } from './new-shares.routes.ts';
import { newSharesService } from './new-shares.service.ts';

/** How often every process adds the newly listed shares to its market data. */
const LISTING_SYNC_MS = 5000;

/**
 * New shares (IPO): offerings, applications, the draw, payments, the listing. Job `ipo` (the leader's):
 * commitments, draws, waitlists, listings. Every process quotes the listed new shares: the leader lists
 * them, every process adds them to its market data at start and every few seconds.
 */
export function newSharesModule(
  deps: Deps,
  needs: {
    market: MarketDataProvider;
    /** The trading module's position insert. */
    insertPositions: NewSharesDeps['insertPositions'];
    log: ModuleLog;
  },
): Module {
  const { market } = needs;
  const shares = newSharesService({ ...deps, market, markApplied, insertPositions: needs.insertPositions });
  const admin = newSharesAdmin(
    { ...deps, isListedSymbol: (code) => market.instrument(code) !== undefined },
    shares,
  );
  let listingSync: ReturnType<typeof setInterval> | undefined;
  return {
    name: 'new-shares',
    offers: {},
    routes: (kit) => newSharesRoutes(kit, deps, shares),
    adminRoutes: (adminKit) => newSharesAdminRoutes(adminKit, admin),
    jobs: { ipo: () => shares.runJobs() },
    async start() {
      await shares.syncListings();
      listingSync = setInterval(
        () => shares.syncListings().catch((err) => needs.log.error({ err }, 'new listings failed')),
        LISTING_SYNC_MS,
      );
      listingSync.unref();
    },
    close: () => clearInterval(listingSync),
  };
}
