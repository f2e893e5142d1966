import { useSyncExternalStore } from 'react';
import { call } from './api.ts';
import { early } from './early-endpoints.ts';
import { whenIdle } from './when-idle.ts';

/** Start-up settings from `/common/config {type:'all'}` as a name → value map. */
export type StartupConfig = Readonly<Record<string, string>>;

let config: StartupConfig | null = null;
let pending: Promise<StartupConfig> | null = null;
const listeners = new Set<() => void>();

/**
 * A configured image path (logo, uploads) as a URL: absolute URLs stay as they are, relative paths are
 * prefixed with the configured image base URL (`image_base_url`), which by default is this site.
 */
export function imageUrl(path: string | undefined, base = config?.image_base_url): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  const relative = path.replace(/^\/*/, '/');
  if (base) return `${base.replace(/\/+$/, '')}${relative}`;
  return new URL(relative, window.location.origin).href;
}

/** The tab's icon loads behind the first screen: its request would queue beside the opening reads. */
const ICON_IDLE_MS = 2000;

function applyBranding(c: StartupConfig): void {
  if (c.title) document.title = c.title;
  const logo = imageUrl(c.logo);
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (logo && link) whenIdle(() => (link.href = logo), ICON_IDLE_MS);
}

/**
 * Load the start-up config once (later calls share the answer): sets the page title and icon.
 * Failure is reported to the caller and forgotten, so the next call tries again.
 */
export function loadStartupConfig(): Promise<StartupConfig> {
  if (config) return Promise.resolve(config);
  pending ??= call(early.config, { type: 'all' }, { silent: true })
    .then(({ data }) => {
      const map: Record<string, string> = {};
      for (const { name, value } of data) map[name] = value;
      config = map;
      applyBranding(map);
      for (const l of listeners) l();
      return map;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export const getStartupConfig = (): StartupConfig | null => config;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The start-up config in a component (empty until loaded). */
export function useStartupConfig(): StartupConfig {
  return useSyncExternalStore(subscribe, () => config ?? EMPTY);
}
const EMPTY: StartupConfig = {};
