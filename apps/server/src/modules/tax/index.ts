import type { Deps } from '../../deps.ts';
import type { Module } from '../module.ts';
import { taxAdminRoutes, taxRoutes } from './tax.routes.ts';
import { taxService } from './tax.service.ts';

export type { ClosedPosition, CloseFacts, NisaOrderInput } from './tax.service.ts';

/** What other modules use of tax: the close's tax and the NISA check of an order batch. */
export interface TaxOffers {
  onClose: ReturnType<typeof taxService>['onClose'];
  reserveNisa: ReturnType<typeof taxService>['reserveNisa'];
  nisaRefusalError: ReturnType<typeof taxService>['nisaRefusalError'];
}

/** Tax (特定口座) and NISA. Needs nothing of other modules; trading calls its offers. */
export function taxModule(deps: Pick<Deps, 'db' | 'clock'>): Module<TaxOffers> {
  const tax = taxService(deps);
  return {
    name: 'tax',
    offers: { onClose: tax.onClose, reserveNisa: tax.reserveNisa, nisaRefusalError: tax.nisaRefusalError },
    routes: (kit) => taxRoutes(kit, tax),
    adminRoutes: (kit) => taxAdminRoutes(kit, tax),
  };
}
