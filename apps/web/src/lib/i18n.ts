import type { Language } from '@kabuto/contract';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withChunkTimeout } from './chunk.ts';
import { isLanguage, storedLanguage, storeLanguage } from './storage.ts';

/** Translation namespaces, one JSON file per language each (locales/{jp,cn,us}/<ns>.json). */
export const NAMESPACES = [
  'common',
  'login',
  'shell',
  'home',
  'news',
  'mine',
  'quotes',
  'position',
  'money',
  'security',
  'newShares',
  'block',
  'copyTrade',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** `lang` attribute per interface language, so the browser picks the right CJK glyphs. */
export const HTML_LANG: Record<Language, string> = { jp: 'ja', cn: 'zh-CN', us: 'en' };

/** The language picker's order (spec §2: cn, us, jp). */
export const PICKER_LANGUAGES: readonly Language[] = ['cn', 'us', 'jp'];

/** Each language's own name, shown in pickers whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { jp: '日本語', cn: '简体中文', us: 'English' };

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** Loads one namespace of one language as its own small chunk, only when a screen needs it. */
const chunkBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    withChunkTimeout(load()).then(
      (m) => callback(null, m.default as never),
      (e: unknown) => callback(e instanceof Error ? e : String(e), false),
    );
  },
};

export function initI18n(lang: Language = storedLanguage()): Promise<unknown> {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  return i18next
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: ['jp', 'cn', 'us'],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : storedLanguage();
}

/** Load namespaces before a screen renders, so it never flashes untranslated keys. */
export function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  return ns.length ? i18next.loadNamespaces([...ns]) : Promise.resolve();
}

/** Spec: selecting a language stores it and reloads the page. */
export function switchLanguage(lang: Language): void {
  storeLanguage(lang);
  window.location.reload();
}

/** Translate outside components (api client, toasts). */
export const tr = (key: string, options?: Record<string, unknown>): string =>
  i18next.t(key, options) as string;
