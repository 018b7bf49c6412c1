import { defaultClientConditions, defineConfig } from 'vite';
import { demoReplay } from './vite-plugin-demo-replay.js';

// Workspace packages resolve to their sources (`@toolcell/source`), so the site needs no
// prior package build; the QuickJS .wasm file is emitted as an asset of the worker chunk.
export default defineConfig({
  base: './',
  plugins: [demoReplay()],
  resolve: { conditions: ['@toolcell/source', ...defaultClientConditions] },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
