import type { Language } from '@kabuto/contract';
import { withChunkTimeout } from './chunk.ts';
import { isLanguage, storedLanguage, storeLanguage } from './storage.ts';

/**
 * Translation namespaces, one flat JSON file per language each (locales/{jp,cn,us}/<ns>.json: dotted keys,
 * `{name}` placeholders, the shape of the back office's and the server messages' files too).
 */
export const NAMESPACES = [
  'common',
  'login',
  'recovery',
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
  'lending',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** `lang` attribute per interface language, so the browser picks the right CJK glyphs. */
export const HTML_LANG: Record<Language, string> = { jp: 'ja', cn: 'zh-CN', us: 'en' };

/** The language picker's order, as in the family's clients: cn, us, jp. */
export const PICKER_LANGUAGES: readonly Language[] = ['cn', 'us', 'jp'];

/** Each language's own name, shown in pickers whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { jp: '日本語', cn: '简体中文', us: 'English' };

const bundles = import.meta.glob<{ default: Bundle }>('../locales/*/*.json');

/**
 * The app's own translator: `t(key, values)` with `{name}` placeholders, `defaultValue` and `ns:key`,
 * nothing more (no plurals, no markup in translations), in a few hundred bytes on the first screen. The
 * interface language is fixed for the page's life (switching reloads the page), so it only has to load
 * namespaces, one small chunk each, when a screen needs them.
 */
type Bundle = Record<string, string>;

let language: Language = 'jp';
const loaded = new Map<string, Bundle>();
const loading = new Map<string, Promise<void>>();

function loadNamespace(ns: string): Promise<void> {
  if (loaded.has(ns)) return Promise.resolve();
  let pending = loading.get(ns);
  if (!pending) {
    const load = bundles[`../locales/${language}/${ns}.json`];
    pending = load
      ? withChunkTimeout(load()).then(
          (m) => {
            loaded.set(ns, m.default);
          },
          (e: unknown) => {
            loading.delete(ns);
            throw e;
          },
        )
      : Promise.reject(new Error(`no translations for ${language}/${ns}`));
    loading.set(ns, pending);
  }
  return pending;
}

export function initI18n(lang: Language = storedLanguage()): Promise<unknown> {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  if (lang !== language) {
    loaded.clear();
    loading.clear();
  }
  language = lang;
  return loadNamespace('common');
}

export function currentLanguage(): Language {
  return isLanguage(language) ? language : storedLanguage();
}

/** Load namespaces before a screen renders, so it never flashes untranslated keys. */
export function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  return Promise.all(ns.map(loadNamespace)).then(() => undefined);
}

/** True once the namespace's translations are here. */
export const hasNamespace = (ns: string): boolean => loaded.has(ns);

export type TranslateOptions = Record<string, unknown> & { defaultValue?: string };

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * `key` ("states.loading", or "shell:states.loading" for another namespace) in namespace `ns`, with
 * its `{placeholders}` filled from `options`. A missing key gives `defaultValue`, else the key.
 */
export function translate(key: string, options?: TranslateOptions, ns = 'common'): string {
  const colon = key.indexOf(':');
  const space = colon > 0 ? key.slice(0, colon) : ns;
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const bundle = loaded.get(space);
  const found = bundle && Object.hasOwn(bundle, path) ? bundle[path] : undefined;
  const text = found ?? options?.defaultValue ?? path;
  if (!options || !text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** A screen's `t`: a key and its placeholder values → the text in the interface language. */
export type Translator = (key: string, options?: TranslateOptions) => string;

/**
 * The `t` of a screen: keys in namespace `ns`, under `keyPrefix` when one is given
 * (`useTranslator('money', { keyPrefix: 'support' })` reads `title` as `support.title`); a key that names
 * its namespace (`shell:…`) is taken as written.
 */
export function translatorFor(ns: string, keyPrefix?: string): Translator {
  return (key: string, options?: TranslateOptions): string =>
    translate(keyPrefix && !key.includes(':') ? `${keyPrefix}.${key}` : key, options, ns);
}

/** Selecting a language stores it and reloads the page. */
export function switchLanguage(lang: Language): void {
  storeLanguage(lang);
  window.location.reload();
}

/** Translate outside components (api client, toasts). */
export const tr = (key: string, options?: TranslateOptions): string => translate(key, options);
