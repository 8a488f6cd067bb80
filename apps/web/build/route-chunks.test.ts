import { describe, expect, it } from 'vitest';
import { type ModuleGraph, planRouteChunks, type RouteChunk, SHARED_APP_CHUNK } from './route-chunks.ts';

const lib = (name: string) => `/repo/node_modules/${name}/index.js`;
const app = (name: string) => `/repo/apps/web/src/${name}`;
const CONTRACTS = '/repo/packages/contracts/src/index.ts';

/** The routes' static imports: the login page and the workspace share the entry, the router and React. */
const IMPORTS: Record<string, string[]> = {
  [app('main.tsx')]: [app('router.tsx'), lib('react')],
  [app('router.tsx')]: [lib('react'), CONTRACTS],
  [app('LoginPage.tsx')]: [app('authForm.tsx'), lib('react')],
  [app('authForm.tsx')]: [],
  [app('AppLayout.tsx')]: [app('TicketsList.tsx'), lib('@mui/material'), '\0virtual:texts/es.app'],
  [app('TicketsList.tsx')]: [lib('@mui/material'), lib('@tanstack/react-virtual')],
  [CONTRACTS]: [lib('zod'), '/repo/packages/contracts/src/schemas.ts'],
  [lib('react')]: [],
  [lib('@mui/material')]: [lib('react')],
};

const ROUTES: RouteChunk[] = [
  { name: 'libs', appName: 'login', entries: [] },
  { name: 'libs-app', appName: 'workspace', entries: [] },
];

const GRAPH: ModuleGraph = {
  entries: [
    [app('main.tsx'), app('LoginPage.tsx')],
    [app('main.tsx'), '\0virtual:texts/es.app', app('AppLayout.tsx')],
  ],
  importedIds: (id) => IMPORTS[id] ?? [],
  isAppModule: (id) => id.startsWith('/repo/apps/web/src/'),
};

describe('planRouteChunks', () => {
  const plan = planRouteChunks(ROUTES, GRAPH);

  it('gives each library to the first route that loads it', () => {
    expect(plan.get(lib('react'))).toBe('libs');
    expect(plan.get(lib('@mui/material'))).toBe('libs-app');
    expect(plan.get(lib('@tanstack/react-virtual'))).toBe('libs-app');
  });

  it('puts the app modules several routes load in the shared chunk and the others in their route’s own', () => {
    expect(plan.get(app('main.tsx'))).toBe(SHARED_APP_CHUNK);
    expect(plan.get(app('router.tsx'))).toBe(SHARED_APP_CHUNK);
    // The workspace does not download the sign-in form, nor the login page the workspace's list.
    expect(plan.get(app('LoginPage.tsx'))).toBe('login');
    expect(plan.get(app('authForm.tsx'))).toBe('login');
    expect(plan.get(app('AppLayout.tsx'))).toBe('workspace');
    expect(plan.get(app('TicketsList.tsx'))).toBe('workspace');
  });

  it('leaves out virtual modules and what only the contracts’ index imports', () => {
    expect(plan.has('\0virtual:texts/es.app')).toBe(false);
    expect(plan.has(CONTRACTS)).toBe(false);
    expect(plan.has(lib('zod'))).toBe(false);
    expect(plan.has('/repo/packages/contracts/src/schemas.ts')).toBe(false);
  });
});
