import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { codeSplitting, lazyImportPreloads, signedInPreload } from './chunking.ts';
import { OPENING_SCREENS } from './src/app/opening-screens.ts';
import { STORAGE_KEYS } from './src/lib/storage-keys.ts';

/** The product's version (the root package.json): the splash and the menu both show it. */
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = process.env.KABUTO_API_TARGET ?? 'http://127.0.0.1:3000';

const preloads = lazyImportPreloads();

export default defineConfig({
  plugins: [react(), signedInPreload(STORAGE_KEYS, OPENING_SCREENS), preloads.plugin],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    // The workspace root carries another React for the back office; the app must use exactly one.
    dedupe: ['react', 'react-dom'],
    alias: [
      // react-router's package exports name only its development build (warnings, dev checks); the
      // production build ships beside it
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/first-screen-size.mjs reads the chunk graph from the manifest.
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: { codeSplitting },
      treeshake: {
        // The shared packages only declare values. Marking them side-effect free lets the bundler keep
        // the msg catalogue without the zod schemas the server needs, so the app ships no validator.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/](client|contract|domain)[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
