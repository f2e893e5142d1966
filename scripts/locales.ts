import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every translation in the repository has one shape: `locales/<lang>/<namespace>.json`, one flat JSON object
 * per language and namespace (dotted keys, string values, `{name}` placeholders), jp naming the keys. The
 * web app, the back office and the server's messages each keep such a folder; the server's also holds
 * `family/`, the family's own texts for some keys.
 */
export const LOCALE_ROOTS = [
  'apps/web/src/locales',
  'apps/admin/src/locales',
  'packages/contract/src/locales',
] as const;

export const LOCALE_LANGUAGES = ['jp', 'cn', 'us'] as const;
/** Folders beside the languages that hold texts for some keys only. */
const PARTIAL = ['family'];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function readBundle(path: string, problems: string[]): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    problems.push(`${path}: not JSON (${(e as Error).message})`);
    return {};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${path}: not a flat object of texts`);
    return {};
  }
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    // an empty text is allowed: a language may have no words before or after a link, where another has
    if (typeof text !== 'string') problems.push(`${path}: ${key} is not a text (nested or not a string)`);
    else if (/\{\{|\}\}/.test(text)) problems.push(`${path}: ${key} writes {{…}}; placeholders are {name}`);
    else out[key] = text;
  }
  return out;
}

/** What is wrong with the locale folder `dir` (a key or file missing in a language, a stray one, a text
 *  that is not one, placeholders that differ from jp's); empty when nothing is. */
export function localeProblems(dir: string): string[] {
  const problems: string[] = [];
  if (!existsSync(dir)) return [`${dir}: no such folder`];
  const folders = readdirSync(dir, { withFileTypes: true });
  for (const f of folders) {
    const known = (LOCALE_LANGUAGES as readonly string[]).includes(f.name) || PARTIAL.includes(f.name);
    if (!f.isDirectory() || !known) problems.push(`${join(dir, f.name)}: not a language folder`);
  }
  const namespaces = (lang: string) =>
    existsSync(join(dir, lang))
      ? readdirSync(join(dir, lang))
          .filter((n) => n.endsWith('.json'))
          .sort()
      : [];
  const reference = namespaces('jp');
  if (reference.length === 0) problems.push(`${dir}/jp: no namespaces`);
  const jpBundles = new Map(reference.map((ns) => [ns, readBundle(join(dir, 'jp', ns), problems)]));
  for (const lang of [...LOCALE_LANGUAGES, ...PARTIAL.filter((p) => existsSync(join(dir, p)))]) {
    const partial = PARTIAL.includes(lang);
    const files = namespaces(lang);
    for (const ns of files)
      if (!reference.includes(ns)) problems.push(`${dir}/${lang}/${ns}: no such namespace in jp`);
    for (const ns of reference) {
      if (!files.includes(ns)) {
        if (!partial) problems.push(`${dir}/${lang}/${ns}: missing`);
        continue;
      }
      if (lang === 'jp') continue;
      const jp = jpBundles.get(ns) ?? {};
      const bundle = readBundle(join(dir, lang, ns), problems);
      for (const key of Object.keys(bundle))
        if (!Object.hasOwn(jp, key)) problems.push(`${dir}/${lang}/${ns}: ${key} is not a jp key`);
      if (partial) continue;
      for (const [key, text] of Object.entries(jp)) {
        if (!Object.hasOwn(bundle, key)) problems.push(`${dir}/${lang}/${ns}: ${key} missing`);
        else if (placeholders(bundle[key]).join() !== placeholders(text).join())
          problems.push(`${dir}/${lang}/${ns}: ${key} has placeholders other than jp's`);
      }
    }
  }
  return problems;
}
