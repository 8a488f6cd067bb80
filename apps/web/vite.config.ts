import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { type Budget, bundleBudgets } from './build/bundle-budget.ts';
import { precompress } from './build/compress.ts';
import { localeParts } from './build/locale-parts.ts';
import { muiWithoutCssVariables } from './build/mui-without-css-variables.ts';
import { pureDefinitions } from './build/pure-definitions.ts';
import { routeChunks } from './build/route-chunks.ts';

const backend = 'http://localhost:3000';

/**
 * What the login page and the agent workspace may download, in KB of gzip (docs/performance.md): the build fails
 * above them. Each lists the manifest entries the route loads as soon as it shows; their static imports count too,
 * and the browser tests check the route loads nothing else (e2e/tests/web-speed.spec.ts). Both are the issue's limits.
 *
 * The login page (123.6 KB measured on 2026-12-08) is drawn without MUI (features/auth/ui.tsx, plain CSS), so it
 * loads React DOM, i18next, the router, TanStack Query, the API client, the workspace's routes, its texts and its
 * form. The workspace (293.6 KB) adds MUI with the shell, the list, the ticket and the pending drawer, in a few large
 * files (build/route-chunks.ts) and without MUI's CSS-variables themes (build/mui-without-css-variables.ts). What it
 * does not show at once loads when used: the header's and the sidebar's Autocompletes (ui/AutocompleteWhenUsed.tsx),
 * zod (the task form's validation), the task form itself, the date pickers and dayjs, the administration pages' table
 * and texts (app/adminPages.tsx, locales/parts.ts).
 */
const CONTRACTS_SOURCE = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

const LOGIN = ['index.html', 'virtual:texts/es.public', 'src/features/auth/LoginPage.tsx'];
const WORKSPACE = [
  'index.html',
  'virtual:texts/es.public',
  'virtual:texts/es.app',
  // MUI's theme, loaded with every page but the sign-in ones (app/router.tsx).
  'src/app/MuiTheme.tsx',
  'src/app/layout/AppLayout.tsx',
  'src/features/tickets/TicketsListPage.tsx',
  'src/features/tickets/TicketViewPage.tsx',
  'src/app/layout/PendingTicketsPanel.tsx',
  // Loaded with the ticket view when the ticket follows an SLA rule (the demo's do).
  'src/features/automation/sla/TicketSlaCard.tsx',
];

const BUDGETS: Budget[] = [
  { name: 'login', entries: LOGIN, maxGzipKb: 150 },
  { name: 'agent workspace', entries: WORKSPACE, maxGzipKb: 300 },
];

export default defineConfig({
  base: '/v2/',
  plugins: [
    react(),
    localeParts(fileURLToPath(new URL('./src', import.meta.url))),
    // The contracts hold definitions only: those a page does not use are dropped (build/pure-definitions.ts).
    pureDefinitions((id) => id.startsWith(CONTRACTS_SOURCE) && id.endsWith('.ts')),
    // The app's theme has no CSS variables: MUI's code for them stays out (build/mui-without-css-variables.ts).
    muiWithoutCssVariables(),
    // Each route's libraries and its own code in a few large chunks (build/route-chunks.ts).
    routeChunks([
      { name: 'libs', appName: 'login', entries: LOGIN },
      { name: 'libs-app', appName: 'workspace', entries: WORKSPACE },
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
