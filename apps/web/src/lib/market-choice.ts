import { MARKETS, type Market } from '@kabuto/domain';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storedMarket, writeItem } from './storage.ts';

/**
 * The market the quote and position screens show (JP/US/CN/KR), kept in local storage `stock` as
 * existing clients keep it, and shared by every screen that shows a switcher.
 */
const listeners = new Set<() => void>();

export const MARKET_ORDER: readonly Market[] = MARKETS;

export function setMarket(market: Market): void {
  if (market === storedMarket()) return;
  writeItem(STORAGE_KEYS.market, market);
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The selected market in a component; re-renders when any switcher changes it. */
export function useMarket(): Market {
  return useSyncExternalStore(subscribe, storedMarket, storedMarket);
}
