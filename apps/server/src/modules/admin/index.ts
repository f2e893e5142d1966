import type { Deps } from '../../deps.ts';
import type { Module } from '../module.ts';
import { adminRoutes } from './admin.routes.ts';
import { adminService } from './admin.service.ts';
import { operatorPasskeyRoutes } from './operator-passkeys.routes.ts';
import type { AdminContributors } from './users.service.ts';

/**
 * The back office's own calls: operator login and passkeys, the queue counts and the user pages (each
 * module adds its queue and its sections of a user), audit, reconciliation, settings, operators.
 */
export function adminModule(deps: Deps, needs: AdminContributors): Module {
  const admin = adminService(deps, needs);
  return {
    name: 'admin',
    offers: {},
    adminRoutes(adminKit) {
      adminRoutes(adminKit, deps, admin);
      operatorPasskeyRoutes(adminKit, deps, admin);
    },
  };
}
