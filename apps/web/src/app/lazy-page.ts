import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withChunkTimeout } from '../lib/chunk.ts';
import { loadNamespaces, type Namespace } from '../lib/i18n.ts';

export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen: its code and its translation namespaces arrive together (within the
 * 120-second chunk time-out), so it never renders untranslated. `preload` fetches both ahead of time.
 */
export function lazyPage(load: () => Promise<ComponentType>, ns: readonly Namespace[] = []): LazyPage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    pending ??= withChunkTimeout(Promise.all([load(), loadNamespaces(ns)])).then(
      ([Component]) => ({ default: Component }),
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  return Object.assign(lazy(preload), { preload });
}
