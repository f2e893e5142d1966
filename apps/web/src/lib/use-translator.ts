import { useMemo } from 'react';
import { hasNamespace, loadNamespaces, type Namespace, type Translator, translatorFor } from './i18n.ts';

/**
 * `useTranslator(ns)` → `{ t }`: the app's own translator (lib/i18n.ts) for one namespace, optionally under
 * a key prefix (`useTranslator('money', { keyPrefix: 'support' })` reads `title` as `support.title`). A
 * namespace not loaded yet suspends the screen until it arrives (screens normally load theirs with their
 * code, app/lazy-page.ts).
 */
export function useTranslator(
  ns: Namespace | readonly Namespace[] = 'common',
  options: { keyPrefix?: string } = {},
): { t: Translator } {
  const list: readonly Namespace[] = typeof ns === 'string' ? [ns] : ns;
  const first = list[0] ?? 'common';
  const missing = list.filter((n) => !hasNamespace(n));
  if (missing.length) throw loadNamespaces(missing);
  const { keyPrefix } = options;
  const t = useMemo(() => translatorFor(first, keyPrefix), [first, keyPrefix]);
  return { t };
}
