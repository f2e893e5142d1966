import { createContext, useCallback, useContext } from 'react';

/**
 * The set of route paths this build has screens for. Links to screens that do not exist yet (deposit,
 * positions, …) are declared once in links.ts and appear by themselves when their route is registered.
 */
export const ScreensContext = createContext<ReadonlySet<string>>(new Set());

export function useHasScreen(): (path: string) => boolean {
  const screens = useContext(ScreensContext);
  return useCallback((path: string) => screens.has(path.split('?')[0]), [screens]);
}
