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
 * The modules the entry (src/main.tsx) loads statically stay where the bundler puts them.
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

/** The modules `roots` load statically (themselves included). */
function staticClosure(graph: Graph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

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

interface BundleChunk {
  type: 'chunk' | 'asset';
  name?: string;
  fileName: string;
  moduleIds?: readonly string[];
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * A signed-in user's start needs the `shell` and `screens` files and the shell's translations, which
 * the entry only asks for once it has downloaded and run. A tiny script beside it (`async`, so it holds
 * nothing) asks for them at once when a session is stored, so they download alongside the entry instead
 * of after it; the light first screen of a logged-out user loads none of them. They are asked for just
 * after the start-up mark has painted, so they never stand in front of it. The content security policy
 * allows no inline script, hence a file of its own.
 */
export function signedInPreload(keys: { token: string; language: string }): Plugin {
  let base = '/';
  let script: string | null = null;
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
      // the translations every signed-in screen needs (common, shell), in each language
      const words: Record<string, string[]> = {};
      for (const file of Object.values(bundle as Record<string, BundleChunk>)) {
        const [, language, namespace] =
          (file.type === 'chunk' && file.facadeModuleId?.match(LOCALE_FILE)) || [];
        if (language && (namespace === 'common' || namespace === 'shell'))
          words[language] = [...(words[language] ?? []), base + file.fileName];
      }
      const args = [keys.token, keys.language, files.map((f) => [f.href, f.css]), words];
      const source = `(${preloadSignedIn.toString()})(...${JSON.stringify(args)});\n`;
      const ref = this.emitFile({ type: 'asset', name: 'signed-in-preload.js', source });
      script = this.getFileName(ref);
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

/**
 * The body of signed-in-preload.js (serialised by the plugin above, so it must stand alone): with a
 * stored session, ask for the files of a signed-in start once the start-up mark has painted.
 */
function preloadSignedIn(
  tokenKey: string,
  languageKey: string,
  files: [href: string, css: boolean][],
  words: Record<string, string[]>,
): void {
  try {
    if (!localStorage.getItem(tokenKey)) return;
    const language = localStorage.getItem(languageKey) ?? '';
    const list = [...files, ...(words[language] ?? words.jp ?? []).map((href) => [href, false] as const)];
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const [href, css] of list) {
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
