import { useMemo } from 'react';
import { hasNamespace, loadNamespaces, type Namespace, translatorFor } from './i18n.ts';

/**
 * `useTranslation(ns)` → `{ t }`, as react-i18next's hook is used across the screens, over the app's own
 * translator (lib/i18n.ts). The bundler resolves `react-i18next` to this module (vite.config.ts), so
 * i18next never ships; the types stay react-i18next's. A namespace not loaded yet suspends the screen
 * until it arrives (screens normally load theirs with their code, app/lazy-page.ts).
 */
export function useTranslation(
  ns: Namespace | readonly Namespace[] = 'common',
  options: { keyPrefix?: string } = {},
) {
  const list: readonly Namespace[] = typeof ns === 'string' ? [ns] : ns;
  const first = list[0] ?? 'common';
  const missing = list.filter((n) => !hasNamespace(n));
  if (missing.length) throw loadNamespaces(missing);
  const { keyPrefix } = options;
  const t = useMemo(() => translatorFor(first, keyPrefix), [first, keyPrefix]);
  return { t, ready: true };
}
