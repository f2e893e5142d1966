import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.KABUTO_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // The workspace root holds another React; the back office must bundle exactly its own one.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The shared packages only declare values: marking them side-effect free keeps the bundle to
        // what the screens use (paths, the msg catalogue) without the server's validators where possible.
        moduleSideEffects: [{ test: /[\\/]packages[\\/](contract|domain)[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
