import type { AdminRouteKit } from '../plugins/admin-routes.ts';
import type { RouteKit } from '../plugins/routes.ts';

/** Where a module logs a failed job or sync (the app's logger). */
export interface ModuleLog {
  error(obj: { err: unknown; [field: string]: unknown }, msg: string): void;
}

/**
 * The one face of every server module, exported from `modules/<name>/index.ts` by a factory
 * `<name>Module(deps, needs): Module<Offers>`. `app.ts` builds the modules in one list, passing each the
 * offers of the modules it needs (by name), then registers their routes and jobs (docs/architecture.md,
 * "Server modules").
 */
export interface Module<Offers = Record<string, never>> {
  /** The module's folder name: `trading`, `new-shares`, … */
  name: string;
  /** What other modules may use of this one, by name; nothing else of it is reachable from outside. */
  offers: Offers;
  /** The user-facing routes. */
  routes?: (kit: RouteKit) => void;
  /** The back office's routes. */
  adminRoutes?: (kit: AdminRouteKit) => void;
  /** The leader's jobs, by name, in the order the leader runs them. */
  jobs?: Record<string, () => Promise<unknown>>;
  /**
   * Work to start (a process-wide sync, a cache load) when app.ts adds the module to its list, before the
   * modules below it are built; and to stop at close (in the list's reverse order).
   */
  start?: () => Promise<void>;
  close?: () => Promise<void> | void;
}
