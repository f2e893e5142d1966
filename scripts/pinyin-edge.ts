/**
 * The pinyin edge: the contract's pinyin field names (`zhang`, `buyzd`, `yingkui`, …) appear only where
 * the wire is mapped to English names and back.
 *
 * - **Which names.** Every field name of every endpoint's body and data schema in packages/contract. A
 *   name is pinyin unless it splits — at `_`, at camelCase humps, at digits, then into run-together
 *   words — into words of {@link ENGLISH}. So a new field with a new pinyin word is checked at once; a
 *   new English word is added to the list on purpose.
 * - **Where they may appear.** packages/contract, `*.wire.ts` files, and the `api/` folders of the web
 *   app and the back office (`features/<feature>/api/`, `lib/api/`). Searched: `apps/server/src`,
 *   `apps/web/src`, `apps/admin/src` (code only: comments do not count; strings do, `row['yingkui']` is still the name).
 * - **Identifiers.** No identifier (variable, function, type, property, export name) anywhere in the
 *   searched code or in packages/contract may contain a pinyin word: a part (split as above) of a pinyin
 *   field name or of an endpoint's path that is not English (`zhishu`, `wenben`, `rnjy`, `jq`, …). Only
 *   the edge may say them: `*.wire.ts` files, the apps' `api/` folders, and the contract's path strings.
 * - **The allowlist** (`scripts/pinyin-allowlist.txt`): files that still carry pinyin names while the
 *   names move to the edge. It only shrinks: a listed file without pinyin names fails the check too,
 *   so that its line is removed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as contract from '@kabuto/contract';
import { CURRENCIES } from '@kabuto/domain';

/**
 * Words (and abbreviations) of the English field names, with the currency codes (`jpy`, `usd`, …); a
 * trailing `s` (plural) is allowed.
 */
export const ENGLISH = new Set([
  ...CURRENCIES,
  ...`account action needs address amount apply approve assets at available back balance bank board borrowed
  branch buy by cap card channel check checked close closing code content converted create credit
  currency d daily decide decided default description detail disabled down duty enabled end fee file
  filename from front frozen fund gain has high holder id inflow interest invite inviter is issuer kind
  kline kyc lang leverage limit line list lot low lucky market max memo mid min money name new no now
  num number ok old open opening operator order outflow page pass password pending pre price principal
  privacy product proof public pwd q qty quick rank rate read real reason repay role score sell session
  size sort source spread stamp start state status stock subs summary symbol target tick time title to
  token total true turnover type unpaid up update url user username value volume wallet
  option required current ip location totp secret passkey ticket credential method device response
  year nisa net withheld national local used lifetime choose can cost proceeds bought sales taxable annual
  transport last uri qr enrol recovery client data json expires in seen used left key
  applicant application commitment draw entry listing lottery per mine mode offer offering outcome
  payment deadline pe range result seed share subscribe underwriter waitlist won jp cn us
  entries allocated quantity
  capacity capital constituent date day history inception listed lock minimum nav profit refund sender unit
  weight bp email notices sign withdrawal call report
  body reply replied margin pnl position cash other verified hours owed tier net weekdays only
  lent lend accrued paid recall recalled through
  trade remaining payout stage restricted loan signature reserved stake
  table trading today zone closure withdrawable settlement unsettled next
  job attempt failure rerun error finish count retrying dead failed sha
  locked timing side waits for valid until stop oco with trail level fired fill ppm pct img local stale delay minutes mode
  after ratio collateral book emergency experience income legacy notional agreement accepted risk understood
  maintenance resolve financing premium short term ban shortable`.split(/\s+/),
]);

/** Can `word` (lower case, letters only) be read as run-together English words? */
function isEnglishRun(word: string, memo = new Map<string, boolean>()): boolean {
  if (word === '') return true;
  const known = memo.get(word);
  if (known !== undefined) return known;
  let ok = false;
  for (let i = word.length; i > 0 && !ok; i--) {
    const head = word.slice(0, i);
    const w = ENGLISH.has(head) || (head.length > 2 && head.endsWith('s') && ENGLISH.has(head.slice(0, -1)));
    if (w) ok = isEnglishRun(word.slice(i), memo);
  }
  memo.set(word, ok);
  return ok;
}

/** Is this field name pinyin (not made of English words)? */
export function isPinyin(name: string): boolean {
  const parts = name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\d]+/)
    .filter(Boolean);
  return parts.some((p) => !isEnglishRun(p));
}

type Zod = { _zod?: { def: Record<string, any> } };

/** Every field name declared in a zod schema, however deep. */
function fieldNames(schema: unknown, out: Set<string>, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as Zod)._zod?.def;
  if (!def) return;
  if (def.type === 'object') {
    for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
      out.add(k);
      fieldNames(v, out, seen);
    }
  }
  for (const k of ['catchall', 'innerType', 'element', 'in', 'out', 'keyType', 'valueType', 'left', 'right'])
    fieldNames(def[k], out, seen);
  for (const o of def.options ?? []) fieldNames(o, out, seen);
  if (typeof def.getter === 'function') fieldNames(def.getter(), out, seen);
}

/** The contract's field names, every body and data schema of every endpoint. */
export function contractFieldNames(): Set<string> {
  const out = new Set<string>();
  for (const value of Object.values(contract)) {
    if (!value || typeof value !== 'object') continue;
    for (const e of Object.values(value as Record<string, unknown>)) {
      const ep = e as Partial<contract.Endpoint> | null;
      if (ep && typeof ep === 'object' && typeof ep.path === 'string' && ep.body && ep.data) {
        fieldNames(ep.body, out);
        fieldNames(ep.data, out);
      }
    }
  }
  return out;
}

/** The contract's pinyin field names, sorted. */
export const pinyinFieldNames = (): string[] => [...contractFieldNames()].filter(isPinyin).sort();

/** The code of a TS/TSX file with its comments blanked out (strings and templates are kept). */
export function withoutComments(src: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < src.length) {
    const c = src[i];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += src[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i++;
    } else if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      if (c === "'" || c === '"' || c === '`') quote = c;
      out += c;
      i++;
    }
  }
  return out;
}

export interface Hit {
  file: string;
  line: number;
  name: string;
}

/** Pinyin names used in one file's code. */
export function hitsIn(file: string, src: string, names: readonly string[]): Hit[] {
  if (names.length === 0) return [];
  const re = new RegExp(`(?<![\\w$])(${names.join('|')})(?![\\w$])`, 'g');
  const hits: Hit[] = [];
  withoutComments(src)
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(re)) hits.push({ file, line: i + 1, name: m[1] });
    });
  return hits;
}

export const SEARCHED = ['apps/server/src', 'apps/web/src', 'apps/admin/src'];

/** Split a name into its lower-case parts (at `_`, camelCase humps, digits, `/`, `-`). */
const partsOf = (name: string): string[] =>
  name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\d/.-]+/)
    .filter(Boolean);

/** The pinyin words of the wire's paths (their other words are English or a product's name). */
export const PATH_WORDS =
  `zhishu wenben newss rnjy urnjy nbhl nbhllist ustockslist shiming delbakcard chongzhi
  ischongzhi jq hq placinglist newstock usernewstocklist lendlist userlendlist productlist userproductlist
  capitalloglist capitallogcsv loaninfo loanlist rechargelist withdrawallist userstocklist userstocklists
  stockdetails getuserinfo noticedetail`.split(/\s+/);

/** The pinyin words of the wire: its one-word pinyin field names and the paths' words. */
export function pinyinWords(fieldNames = [...contractFieldNames()]): string[] {
  const words = new Set<string>(PATH_WORDS);
  for (const name of fieldNames) {
    const parts = partsOf(name);
    // a name of one word (`yingkui`, `zhang`, `ccsz`): a compound's odd part (`is_qc`) is too short to tell
    if (parts.length === 1 && isPinyin(name)) words.add(parts[0]);
  }
  return [...words].sort();
}

/** Identifiers of one file's code (comments and string contents left out). */
export function identifiersIn(src: string): { name: string; line: number }[] {
  const code = withoutComments(src).replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
  const out: { name: string; line: number }[] = [];
  code.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) out.push({ name: m[0], line: i + 1 });
  });
  return out;
}

/**
 * Identifiers made with a pinyin word, in one file. In the contract, whose schemas declare the wire's
 * field names, only the exported names count.
 */
export function identifierHits(file: string, src: string, words: ReadonlySet<string>): Hit[] {
  const hits: Hit[] = [];
  const all = identifiersIn(src);
  const names = file.startsWith('packages/contract/')
    ? all.filter(
        (_id, i) =>
          /^(const|function|type|interface|enum)$/.test(all[i - 1]?.name ?? '') &&
          all[i - 2]?.name === 'export',
      )
    : all;
  for (const { name, line } of names)
    if (partsOf(name).some((p) => words.has(p))) hits.push({ file, line, name });
  return hits;
}

/** Where identifiers are checked: the apps and the contract (whose path strings are not identifiers). */
export const IDENTIFIERS_SEARCHED = [...SEARCHED, 'packages/contract/src'];

/** Pinyin identifiers outside the edge. */
export function checkIdentifiers(root: string, words = new Set(pinyinWords())): Hit[] {
  const hits: Hit[] = [];
  for (const dir of IDENTIFIERS_SEARCHED)
    for (const file of sources(root, dir)) {
      const posix = file.split(sep).join('/');
      if (atTheEdge(posix)) continue;
      hits.push(...identifierHits(posix, readFileSync(join(root, file), 'utf8'), words));
    }
  return hits;
}

/**
 * Files where pinyin names belong: the wire files and the apps' `api/` folders (`features/<feature>/api/`,
 * and `lib/api/` for the calls several features share).
 */
export const atTheEdge = (file: string): boolean =>
  /\.wire\.tsx?$/.test(file) || /^apps\/(web|admin)\/src\/(features\/[^/]+\/|lib\/)api\//.test(file);

function* sources(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir))) {
    const rel = `${dir}/${entry}`;
    if (statSync(join(root, rel)).isDirectory()) yield* sources(root, rel);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield rel;
  }
}

export interface EdgeReport {
  names: string[];
  /** Hits in files not at the edge and not allowlisted. */
  offenders: Hit[];
  /** Allowlisted files that still have hits (how many remain). */
  remaining: Map<string, Hit[]>;
  /** Allowlisted files without hits (or gone): their line must go. */
  stale: string[];
}

export function checkEdge(
  root: string,
  allowlist: readonly string[],
  names = pinyinFieldNames(),
): EdgeReport {
  const allowed = new Set(allowlist);
  const byFile = new Map<string, Hit[]>();
  for (const dir of SEARCHED) {
    for (const file of sources(root, dir)) {
      const posix = file.split(sep).join('/');
      if (atTheEdge(posix)) continue;
      const hits = hitsIn(posix, readFileSync(join(root, file), 'utf8'), names);
      if (hits.length > 0) byFile.set(posix, hits);
    }
  }
  const offenders = [...byFile].filter(([f]) => !allowed.has(f)).flatMap(([, h]) => h);
  const remaining = new Map([...byFile].filter(([f]) => allowed.has(f)));
  const stale = [...allowed].filter((f) => !byFile.has(f));
  return { names, offenders, remaining, stale };
}

export function readAllowlist(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

function main(): void {
  const root = relative(process.cwd(), new URL('..', import.meta.url).pathname) || '.';
  const allowlist = readAllowlist(readFileSync(join(root, 'scripts/pinyin-allowlist.txt'), 'utf8'));
  const r = checkEdge(root, allowlist);
  const lines: string[] = [];
  if (r.offenders.length > 0) {
    lines.push(
      'Pinyin field names of the contract outside the edge (map them in a *.wire.ts file or the feature’s api/ folder):',
    );
    for (const h of r.offenders) lines.push(`  ${h.file}:${h.line}  ${h.name}`);
  }
  if (r.stale.length > 0) {
    lines.push('Files in scripts/pinyin-allowlist.txt without pinyin names any more (remove their lines):');
    for (const f of r.stale) lines.push(`  ${f}`);
  }
  const ids = checkIdentifiers(root);
  if (ids.length > 0) {
    lines.push(
      'Pinyin identifiers outside the edge (name them in English; the wire names stay in *.wire.ts and api/):',
    );
    for (const h of ids) lines.push(`  ${h.file}:${h.line}  ${h.name}`);
  }
  const hits = [...r.remaining.values()].reduce((n, h) => n + h.length, 0);
  const summary = `pinyin edge: ${r.names.length} pinyin names; ${r.remaining.size} allowlisted files still use them (${hits} places)`;
  if (lines.length > 0) {
    process.stderr.write(`${lines.join('\n')}\n${summary}\n`);
    process.exit(1);
  }
  process.stdout.write(`${summary}\n`);
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) main();
