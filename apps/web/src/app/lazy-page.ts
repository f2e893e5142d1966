import { type ComponentType, createElement, lazy } from 'react';
import { loadOnce } from '../lib/chunk.ts';
import { loadNamespaces, type Namespace } from '../lib/i18n.ts';

export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen: its code and its translation namespaces arrive together (within the
 * 120-second chunk time-out), so it never renders untranslated. `preload` fetches both ahead of time.
 *
 * Once they have arrived the screen renders at once, without suspending. A `React.lazy` suspends on its
 * first render even when its code is already here, and React holds back revealing a screen until
 * 300 ms after the last loading state it showed: the shell and the screen it opens would each pay that
 * on a cold start, although `preloadOpeningScreen` had fetched both together.
 */
export function lazyPage(load: () => Promise<ComponentType>, ns: readonly Namespace[] = []): LazyPage {
  let loaded: ComponentType | null = null;
  const arrive = loadOnce(() => Promise.all([load(), loadNamespaces(ns)]));
  const preload = () =>
    arrive().then(([Component]) => {
      loaded = Component;
      return { default: Component };
    });
  const Suspending = lazy(preload);
  const Page = () => createElement(loaded ?? Suspending);
  return Object.assign(Page, { preload });
}
