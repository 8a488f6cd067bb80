import type { BotListItem } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { BotsListPage } from './BotsListPage';
import i18n from './i18n';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown, status = 200) =>
  new Response(
    JSON.stringify({
      statusResult: status < 300,
      status: status < 300 ? 'OK' : 'ERROR',
      code: 'X',
      message: 'm',
      result,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const row = (id: number, patch: Partial<BotListItem> = {}): BotListItem => ({
  id,
  name: `Bot ${id}`,
  description: 'Atiende ventas',
  enabled: true,
  silence: { minutes: 0, action: 'finishConversation', text: '' },
  publishedVersion: null,
  versionCount: 1,
  channels: [],
  secretNames: [],
  createdBy: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T09:00:00.000Z',
  ...patch,
});

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/bots')) {
      return envelope({
        data: [row(3, { publishedVersion: { id: 8, number: 3 }, versionCount: 4 }), row(4, { enabled: false })],
        total: 2,
      });
    }
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('BotsListPage', () => {
  it('fetches a server page of bots and shows the published version, versions and state', async () => {
    const router = createMemoryRouter(
      [
        { path: '/app/bot-builder/bots', element: <BotsListPage /> },
        { path: '/app/bot-builder/bots/:id/edit', element: <p data-testid="landed">edit</p> },
      ],
      { initialEntries: ['/app/bot-builder/bots'] },
    );
    act(() => {
      root = createRoot(container);
      root.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SnackbarProvider>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </QueryClientProvider>,
      );
    });
    await settle();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v2/bots');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      sizePerPage: '10',
      sortName: 'name',
      sortOrder: 'asc',
    });
    expect(byTestId('bot-published-3')?.textContent).toBe('Versión 3');
    expect(byTestId('bot-published-4')?.textContent).toBe('Sin publicar');
    expect(byTestId('bot-row-3')?.textContent).toContain('Atiende ventas');
    expect(byTestId('bot-row-4')?.textContent).toContain('Deshabilitado');
    expect(byTestId('bot-add')?.getAttribute('href')).toBe('/app/bot-builder/bots/add');
    expect(byTestId('bot-import')?.textContent).toBe('Importar');
    expect(byTestId('bot-export-3')?.getAttribute('aria-label')).toBe('Exportar');

    act(() => byTestId('bot-row-3')?.click());
    await settle();
    expect(router.state.location.pathname).toBe('/app/bot-builder/bots/3/edit');
  });
});
