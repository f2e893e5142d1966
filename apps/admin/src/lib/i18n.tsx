import { LANGUAGES, type Language, translate } from '@kabuto/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import cn from '../locales/cn/admin.json';
import jp from '../locales/jp/admin.json';
import us from '../locales/us/admin.json';
import { isApiError } from './api.ts';
import { readItem, STORAGE_KEYS, writeItem } from './storage.ts';

/** Every interface string, one flat JSON file per language (locales/{jp,cn,us}/admin.json; jp names the keys). */
export type I18nKey = keyof typeof jp;
export type Params = Record<string, string | number>;

export const BUNDLES: Record<Language, Record<string, string>> = { jp, cn, us };
export const DEFAULT_LANGUAGE: Language = 'jp';

/** `lang` attribute per language, so the browser picks the right CJK glyphs. */
export const HTML_LANG: Record<Language, string> = { jp: 'ja', cn: 'zh-CN', us: 'en' };
/** Each language's own name, whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { jp: '日本語', cn: '简体中文', us: 'English' };

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

export function storedLanguage(): Language {
  const v = readItem(STORAGE_KEYS.language);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

/** Fill `{name}` placeholders. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Look a key up in one language, falling back to Japanese, then to undefined. */
export function lookup(lang: Language, key: string): string | undefined {
  return BUNDLES[lang][key] ?? BUNDLES[DEFAULT_LANGUAGE][key];
}

export interface I18n {
  lang: Language;
  setLang: (lang: Language) => void;
  /** An interface string. */
  t: (key: I18nKey, params?: Params) => string;
  /** A key built at run time (field labels, statuses); undefined when there is no translation. */
  maybe: (key: string, params?: Params) => string | undefined;
  /** A server msg key, translated by the contract's catalogue. */
  msg: (key: string, params?: Params) => string;
  /** Any error as the operator should read it. */
  error: (e: unknown) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(storedLanguage);

  useEffect(() => {
    if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  }, [lang]);

  const setLang = useCallback((next: Language) => {
    writeItem(STORAGE_KEYS.language, next);
    setLangState(next);
  }, []);

  const value = useMemo<I18n>(() => {
    const maybe = (key: string, params?: Params) => {
      const text = lookup(lang, key);
      return text === undefined ? undefined : interpolate(text, params);
    };
    const msg = (key: string, params?: Params) => translate(key, lang, params);
    return {
      lang,
      setLang,
      t: (key, params) => maybe(key, params) ?? key,
      maybe,
      msg,
      error: (e) => (isApiError(e) ? msg(e.code, e.params) : msg('server.error')),
    };
  }, [lang, setLang]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}
