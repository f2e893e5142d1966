import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazyImportPreloads } from '../chunking.ts';

/** A bundle as the build hands it to `generateBundle`: chunks by file name, with their static imports. */
const bundle = (graph: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(graph).map(([fileName, imports]) => [fileName, { type: 'chunk', fileName, imports }]),
  );

const generate = (plugin: Plugin, graph: Record<string, string[]>) => {
  const hook = plugin.generateBundle as (options: unknown, bundle: unknown) => void;
  hook.call({}, {}, bundle(graph));
};

describe('lazyImportPreloads', () => {
  const graph = {
    'assets/index.js': ['assets/react.js', 'assets/react-dom.js'],
    'assets/react.js': [],
    'assets/react-dom.js': ['assets/react.js'],
    'assets/screens.js': ['assets/react.js', 'assets/index.js'],
    'assets/info-page.js': ['assets/screens.js', 'assets/index.js'],
    'assets/chart.js': ['assets/screens.js', 'assets/chart-lib.js'],
    'assets/chart-lib.js': [],
  };

  it('leaves out what the importer loads statically, at any depth', () => {
    const { plugin, resolveDependencies } = lazyImportPreloads();
    generate(plugin, graph);
    const deps = [
      'assets/chart.js',
      'assets/screens.js',
      'assets/react.js',
      'assets/index.js',
      'assets/chart-lib.js',
    ];
    expect(
      resolveDependencies('assets/chart.js', deps, { hostId: 'assets/info-page.js', hostType: 'js' }),
    ).toEqual(['assets/chart.js', 'assets/chart-lib.js']);
    // from the entry, the shared code is not loaded yet
    expect(
      resolveDependencies('assets/chart.js', deps, { hostId: 'assets/index.js', hostType: 'js' }),
    ).toEqual(['assets/chart.js', 'assets/screens.js', 'assets/chart-lib.js']);
  });

  it('keeps every file for an importer it does not know, and for the page itself', () => {
    const { plugin, resolveDependencies } = lazyImportPreloads();
    generate(plugin, graph);
    const deps = ['assets/chart.js', 'assets/react.js'];
    expect(
      resolveDependencies('assets/chart.js', deps, { hostId: 'assets/other.js', hostType: 'js' }),
    ).toEqual(deps);
    expect(resolveDependencies('assets/chart.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(
      deps,
    );
  });

  it('reads each build’s own graph', () => {
    const { plugin, resolveDependencies } = lazyImportPreloads();
    generate(plugin, graph);
    const host = { hostId: 'assets/info-page.js', hostType: 'js' } as const;
    expect(resolveDependencies('assets/chart.js', ['assets/react.js'], host)).toEqual([]);
    generate(plugin, { 'assets/info-page.js': [] });
    expect(resolveDependencies('assets/chart.js', ['assets/react.js'], host)).toEqual(['assets/react.js']);
  });
});
