import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import type { Module } from '../module.ts';
import { contentRoutes, type DepositWindow } from './content.routes.ts';

/** The public config (with each market's data mode), pages, news and the user's notices. */
export function contentModule(
  deps: Deps,
  needs: { depositWindow: DepositWindow; market: MarketDataProvider },
): Module {
  return {
    name: 'content',
    offers: {},
    routes: (kit) => contentRoutes(kit, deps, needs.depositWindow, needs.market),
  };
}
