import type { Deps } from '../../deps.ts';
import type { QueueCounter } from '../../shared/admin-contributors.ts';
import type { Module } from '../module.ts';
import { supportAdminRoutes, supportRoutes } from './support.routes.ts';
import { supportService } from './support.service.ts';

export interface SupportOffers {
  pendingCount: QueueCounter;
}

/** In-app support: the user's messages, the back office's inbox and reply. */
export function supportModule(deps: Deps): Module<SupportOffers> {
  const support = supportService(deps);
  return {
    name: 'support',
    offers: { pendingCount: support.pendingCount },
    routes: (kit) => supportRoutes(kit, support),
    adminRoutes: (adminKit) => supportAdminRoutes(adminKit, support),
  };
}
