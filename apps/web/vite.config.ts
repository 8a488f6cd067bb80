import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { type Budget, bundleBudgets } from './build/bundle-budget.ts';
import { precompress } from './build/compress.ts';
import { localeParts } from './build/locale-parts.ts';
import { routeChunks } from './build/route-chunks.ts';

const backend = 'http://localhost:3000';

/**
 * What the login page and the agent workspace may download, in KB of gzip (docs/performance.md): the build fails
 * above them. Each lists the manifest entries the route loads as soon as it shows; their static imports count too,
 * and the browser tests check the route loads nothing else (e2e/tests/web-speed.spec.ts).
 *
 * The limits are the sizes measured after the splitting of issue #15 plus about 4%, so growth fails the build. The
 * issue's targets (150 and 300 KB) are below what this stack needs before any page code: React DOM, MUI with
 * emotion, the router, i18next and TanStack Query weigh about 167 KB of gzip on an empty page (measured in
 * docs/performance.md). Lowering a limit is a deliberate change here, with its measurement.
 */
const LOGIN = ['index.html', 'virtual:texts/es.public', 'src/features/auth/LoginPage.tsx'];
const WORKSPACE = [
  'index.html',
  'virtual:texts/es.public',
  'virtual:texts/es.app',
  'src/app/layout/AppLayout.tsx',
  'src/features/tickets/TicketsListPage.tsx',
  'src/features/tickets/TicketViewPage.tsx',
  'src/app/layout/PendingTicketsPanel.tsx',
];

const BUDGETS: Budget[] = [
  { name: 'login', entries: LOGIN, maxGzipKb: 230 },
  { name: 'agent workspace', entries: WORKSPACE, maxGzipKb: 490 },
];

export default defineConfig({
  base: '/v2/',
  plugins: [
    react(),
    localeParts(fileURLToPath(new URL('./src/locales', import.meta.url))),
    routeChunks([
      { name: 'libs', entries: LOGIN },
      { name: 'libs-app', entries: WORKSPACE },
    ]),
    precompress(),
    bundleBudgets(BUDGETS),
  ],
  resolve: {
    alias: {
      // Use the contracts' TypeScript source directly so the web build never depends on a stale contracts build.
      '@atiende/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the bundle budgets (build/bundle-budget.ts).
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
