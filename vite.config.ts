import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Everything the page needs is bundled from node_modules: the app must work offline and
// never reach a CDN (the e2e network guard fails any request that leaves localhost).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  worker: {
    // Module workers: the engine worker and monaco's workers use ES imports.
    format: 'es',
  },
});
