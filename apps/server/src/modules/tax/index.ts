import type { Tx } from '@kabuto/db';
import type { Deps } from '../../deps.ts';
import type { Module } from '../module.ts';
import { type DividendReceived, dividendNetting } from './netting.ts';
import { taxAdminRoutes, taxRoutes } from './tax.routes.ts';
import { taxService } from './tax.service.ts';

export type { DividendReceived } from './netting.ts';
export type { ClosedPosition, CloseFacts, NisaOrderInput } from './tax.service.ts';

/**
 * What other modules use of tax: the close's tax, the NISA check of an order batch, and the dividends
 * paid into the account (their year's netting).
 */
export interface TaxOffers {
  receiveDividends: (tx: Tx, rows: readonly DividendReceived[], at: number) => Promise<void>;
  onClose: ReturnType<typeof taxService>['onClose'];
  reserveNisa: ReturnType<typeof taxService>['reserveNisa'];
  nisaRefusalError: ReturnType<typeof taxService>['nisaRefusalError'];
}

/**
 * Tax (特定口座) and NISA. Needs nothing of other modules; trading and corporate actions call its offers.
 * Its daily job refunds the dividend tax the year's losses offset (損益通算).
 */
export function taxModule(deps: Pick<Deps, 'db' | 'clock'>): Module<TaxOffers> {
  const tax = taxService(deps);
  const netting = dividendNetting(deps);
  return {
    name: 'tax',
    offers: {
      onClose: tax.onClose,
      reserveNisa: tax.reserveNisa,
      nisaRefusalError: tax.nisaRefusalError,
      receiveDividends: netting.receive,
    },
    jobs: { taxNetting: () => netting.run() },
    routes: (kit) => taxRoutes(kit, tax),
    adminRoutes: (kit) => taxAdminRoutes(kit, tax),
  };
}
