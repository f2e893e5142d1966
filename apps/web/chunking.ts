import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * How the app's code is cut into files (build.rolldownOptions.output.codeSplitting).
 *
 * Left to itself the bundler makes one file per set of screens that share a module: with ~80 lazy
 * screens that is ~45 small files for home alone. Browsers fetch at most six at a time from an HTTP/1.1
 * origin, so on a phone's link each extra wave of requests costs a round trip in front of the first
 * paint. Three groups collect what a signed-in start needs into three files, without touching the light
 * first screen (splash, login, register), which must stay within its size budget:
 *
 * - `auth`: what the public screens share beyond the entry (fields, logo, passkey sign-in);
 * - `shell`: everything the shell (app/shell.tsx) needs that the public screens do not;
 * - `screens`: the shared code (`lib/`, `components/`, the shared packages) that two or more screens
 *   use and neither the shell nor the public screens do.
 *
 * The modules the entry (src/main.tsx) loads statically stay where the bundler puts them, but for React
 * DOM: a fourth group, `react-dom`, takes it (with its scheduler) out of the entry into a file of its own,
 * which index.html names beside the entry, so the two download side by side. React DOM is 65 KB of the
 * entry's 90 KB (gzip), and a phone's link fills slowly on each new connection (TCP slow start): one
 * large file arrives later than the same bytes in two. Measured with Lighthouse, the largest paint of
 * home and of a stock's page came 150–250 ms sooner (docs/performance.md).
 */
const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const ENTRY = src('main.tsx');
const PUBLIC_PAGES = ['start-page', 'login-page', 'register-page'].map((p) =>
  src(`features/login/pages/${p}.tsx`),
);
const SHELL = src('app/shell.tsx');
const SHARED = /[\\/](apps[\\/]web[\\/]src[\\/](lib|components)|packages[\\/](client|contract|domain))[\\/]/;

interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every id reachable from `roots` along `next` (the roots included). */
function reachable(roots: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return seen;
}

/** The modules `roots` load statically (themselves included). */
const staticClosure = (graph: Graph, roots: readonly string[]): Set<string> =>
  reachable(roots, (id) => graph.getModuleInfo(id)?.importedIds ?? []);

/** The three closures, worked out once per chunking pass (whose graph object the bundler reuses). */
const passes = new WeakMap<Graph, { entry: Set<string>; pub: Set<string>; shell: Set<string> }>();
function closures(graph: Graph) {
  let sets = passes.get(graph);
  if (!sets) {
    sets = {
      entry: staticClosure(graph, [ENTRY]),
      pub: staticClosure(graph, PUBLIC_PAGES),
      shell: staticClosure(graph, [SHELL]),
    };
    passes.set(graph, sets);
  }
  return sets;
}

export const codeSplitting = {
  // A group takes only the modules it names: pulling in their dependencies as well would move the
  // entry's own modules (React) into a group. No cycle can arise: public modules import neither group's
  // signed-in modules, and the entry imports neither group statically.
  includeDependenciesRecursively: false,
  groups: [
    { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
    {
      name: (id: string, graph: Graph) => {
        const { entry, pub } = closures(graph);
        return pub.has(id) && !entry.has(id) && !PUBLIC_PAGES.includes(id) ? 'auth' : null;
      },
      priority: 2,
    },
    {
      name: (id: string, graph: Graph) => {
        const { entry, pub, shell } = closures(graph);
        return shell.has(id) && !entry.has(id) && !pub.has(id) ? 'shell' : null;
      },
      priority: 1,
    },
    {
      name: (id: string, graph: Graph) => {
        const { entry, pub, shell } = closures(graph);
        return SHARED.test(id) && !entry.has(id) && !pub.has(id) && !shell.has(id) ? 'screens' : null;
      },
      minShareCount: 2,
    },
  ],
};

const LOCALE_FILE = /[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/;
const STYLESHEET = /\.css($|\?)/;

interface BundleChunk {
  type: 'chunk' | 'asset';
  name?: string;
  fileName: string;
  isEntry?: boolean;
  imports?: readonly string[];
  moduleIds?: readonly string[];
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/** An opening screen as app/opening-screens.ts names it. */
interface OpeningScreen {
  page: string;
  namespaces: readonly string[];
}

/** What the preload script asks for (and does) when the app starts on an opening screen. */
interface ScreenFiles {
  files: [href: string, css: boolean][];
  words: Record<string, string[]>;
}

/**
 * A signed-in user's start needs the `shell` and `screens` files and the shell's translations, and the
 * opening screen's own files and translations, which the entry only asks for once it has downloaded
 * and run. A tiny script beside it (`async`, so it holds nothing) asks for them at once when a session
 * is stored, so they download alongside the entry instead of after it; the light first screen of a
 * logged-out user loads none of them. The opening screens are the ones `openingScreens` names
 * (app/opening-screens.ts): when the address is one of them, its page's files (less what the entry
 * loads) and namespaces are asked for too. They are asked for just after the start-up mark has
 * painted, so they never stand in front of it. The content security policy allows no inline script,
 * hence a file of its own.
 */
export function signedInPreload(
  keys: { token: string; language: string },
  openingScreens: Record<string, OpeningScreen>,
): Plugin {
  let base = '/';
  let script: string | null = null;
  /** Every file the script names, checked against the written output. */
  let named: string[] = [];
  return {
    name: 'kabuto:signed-in-preload',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const files: { href: string; css: boolean }[] = [];
      for (const file of Object.values(bundle as Record<string, BundleChunk>)) {
        // the two groups' files (not the translations, whose files are named after their namespace)
        const group = file.moduleIds?.includes(SHELL) || file.moduleIds?.some((id) => SHARED.test(id));
        if (file.type !== 'chunk' || (file.name !== 'shell' && file.name !== 'screens') || !group) continue;
        files.push({ href: base + file.fileName, css: false });
        for (const css of file.viteMetadata?.importedCss ?? []) files.push({ href: base + css, css: true });
      }
      if (files.length === 0) return;
      // the translations every signed-in screen needs, in each language
      const words = translations(bundle as Record<string, BundleChunk>, ['common', 'shell'], base);
      const listed = files.map((f) => f.href);
      const opening = openingScreenFiles(bundle as Record<string, BundleChunk>, openingScreens, base, listed);
      if (typeof opening === 'string') {
        this.error(opening);
        return;
      }
      const args = [keys.token, keys.language, files.map((f) => [f.href, f.css]), words, opening];
      named = JSON.stringify(args).match(/"[^"]+\.(?:js|css)"/g) ?? [];
      const source = `(${preloadSignedIn.toString()})(...${JSON.stringify(args)});\n`;
      const ref = this.emitFile({ type: 'asset', name: 'signed-in-preload.js', source });
      script = this.getFileName(ref);
    },
    writeBundle(_options, bundle) {
      // later hooks drop chunks (one of stylesheets only, say): a file named here must have been written
      const missing = named.map((n) => n.slice(1 + base.length, -1)).filter((f) => !(f in bundle));
      if (missing.length > 0)
        this.error(`signed-in-preload.js names files not in the build: ${missing.join(', ')}`);
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        script
          ? [{ tag: 'script', attrs: { src: base + script, async: true }, injectTo: 'head-prepend' }]
          : [],
    },
  };
}

/** The files of `namespaces`' translations, by language. */
function translations(
  bundle: Record<string, BundleChunk>,
  namespaces: readonly string[],
  base: string,
): Record<string, string[]> {
  const words: Record<string, string[]> = {};
  for (const file of Object.values(bundle)) {
    const [, language, namespace] = (file.type === 'chunk' && file.facadeModuleId?.match(LOCALE_FILE)) || [];
    if (language && namespace && namespaces.includes(namespace))
      words[language] = [...(words[language] ?? []), base + file.fileName];
  }
  return words;
}

/**
 * Per opening screen (its path in lower case), the files of its page beyond the entry's and the listed
 * ones, with their CSS, and its namespaces' translations in each language; or what is wrong.
 */
function openingScreenFiles(
  bundle: Record<string, BundleChunk>,
  screens: Record<string, OpeningScreen>,
  base: string,
  listed: readonly string[],
): Record<string, ScreenFiles> | string {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  /** The chunks `roots` import statically (themselves included). */
  const closure = (roots: readonly BundleChunk[]): BundleChunk[] =>
    [
      ...reachable(
        roots.map((c) => c.fileName),
        (name) => (byName.get(name)?.imports ?? []).filter((i) => byName.has(i)),
      ),
    ].map((name) => byName.get(name)!);
  const entry = new Set(closure(chunks.filter((c) => c.isEntry)).map((c) => base + c.fileName));
  const out: Record<string, ScreenFiles> = {};
  for (const [path, screen] of Object.entries(screens)) {
    const page = chunks.find((c) => c.facadeModuleId === src(screen.page));
    if (!page)
      return `opening screen ${path}: no chunk is built from src/${screen.page} (app/opening-screens.ts)`;
    const files: [string, boolean][] = [];
    for (const c of closure([page])) {
      const href = base + c.fileName;
      if (entry.has(href) || listed.includes(href)) continue;
      // a chunk of stylesheets only is dropped from the output after this hook: its CSS stays
      if (!c.moduleIds?.every((id) => STYLESHEET.test(id))) files.push([href, false]);
      for (const css of c.viteMetadata?.importedCss ?? []) files.push([base + css, true]);
    }
    out[path.toLowerCase()] = { files, words: translations(bundle, screen.namespaces, base) };
  }
  return out;
}

/**
 * The body of signed-in-preload.js (serialised by the plugin above, so it must stand alone): with a
 * stored session, ask for the files of a signed-in start, and of the opening screen when the address
 * names one, once the start-up mark has painted.
 */
function preloadSignedIn(
  tokenKey: string,
  languageKey: string,
  files: [href: string, css: boolean][],
  words: Record<string, string[]>,
  screens: Record<string, ScreenFiles>,
): void {
  try {
    if (!localStorage.getItem(tokenKey)) return;
    const language = localStorage.getItem(languageKey) ?? '';
    const inLanguage = (w: Record<string, string[]>) =>
      (w[language] ?? w.jp ?? []).map((href) => [href, false] as const);
    const screen = screens[(location.hash.slice(1).split('?')[0] ?? '').toLowerCase()];
    const list = [
      ...files,
      ...inLanguage(words),
      ...(screen ? [...screen.files, ...inLanguage(screen.words)] : []),
    ];
    requestAnimationFrame(() =>
      setTimeout(() => {
        // the entry may have linked some already (a lazy import links its files): a second link of a
        // file fetches nothing and costs main-thread time
        const linked = new Set(Array.from(document.querySelectorAll('link'), (l) => l.href));
        for (const [href, css] of list) {
          if (linked.has(new URL(href, document.baseURI).href)) continue;
          const link = document.createElement('link');
          link.rel = css ? 'preload' : 'modulepreload';
          if (css) link.as = 'style';
          link.crossOrigin = '';
          link.href = href;
          document.head.appendChild(link);
        }
      }),
    );
  } catch {
    // storage disabled: there is no stored session to start
  }
}

/** `build.modulePreload.resolveDependencies`'s third argument. */
interface PreloadHost {
  hostId: string;
  hostType: 'html' | 'js';
}

/**
 * What a lazy import asks for ahead of itself, without what its importer already loaded.
 *
 * For each `import()` the build lists the files the imported chunk loads statically, and a helper in the
 * entry adds a `<link rel=modulepreload>` for each one no `<link>` names yet. The list holds the
 * importer's own static imports too (React, the entry, the shell, the shared code), loaded as modules
 * but not by a `<link>`: the helper linked them again at every first lazy import of a screen. Each link
 * costs 1–5 ms of the main thread on a phone; the stock page's order sheet alone linked 23 files, in a
 * task of 70 ms at the phone's speed just after the price was shown. A file the importer loads
 * statically is never asked for here, as it has run before the importer could.
 *
 * `plugin` keeps the bundle's chunk graph (before the build's own pass over it, which calls
 * `resolveDependencies`).
 */
export function lazyImportPreloads(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], host: PreloadHost) => string[];
} {
  let imports = new Map<string, readonly string[]>();
  const loadedBy = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'kabuto:lazy-import-preloads',
      enforce: 'pre',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle as Record<string, BundleChunk>).filter((c) => c.type === 'chunk');
        imports = new Map(chunks.map((c) => [c.fileName, c.imports ?? []]));
        loadedBy.clear();
      },
    },
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType !== 'js' || !imports.has(hostId)) return deps;
      let loaded = loadedBy.get(hostId);
      if (!loaded) {
        loaded = reachable([hostId], (name) => imports.get(name) ?? []);
        loadedBy.set(hostId, loaded);
      }
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
