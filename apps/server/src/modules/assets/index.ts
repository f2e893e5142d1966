import type { Deps } from '../../deps.ts';
import type { PositionsValuation } from '../../shared/positions.ts';
import type { Module } from '../module.ts';
import { assetsRoutes } from './assets.routes.ts';
import { assetsService } from './assets.service.ts';

/** Total assets: cash, frozen and the open positions at current quotes. */
export function assetsModule(deps: Deps, needs: { valuation: PositionsValuation }): Module {
  const assets = assetsService(deps, needs.valuation);
  return { name: 'assets', offers: {}, routes: (kit) => assetsRoutes(kit, assets) };
}
