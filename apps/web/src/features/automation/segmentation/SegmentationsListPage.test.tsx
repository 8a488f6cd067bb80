import type { Segmentation } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../ui/format';
import i18n from '../i18n';
import { SegmentationsListPage } from './SegmentationsListPage';

// The signed-in user may view and edit segmentations.
vi.mock('../../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const segment = (id: number) => ({
  id,
  name: `Segmento ${id}`,
  destinationCampaign: { id: 4, name: 'Escalamiento' },
  conditions: { match: 'all' as const, conditions: [] },
});

const segmentation = (id: number, patch: Partial<Segmentation> = {}): Segmentation => ({
  id,
  name: `Segmentación ${id}`,
  description: null,
  baseCampaign: { id: 3, name: 'Soporte' },
  kind: 'trigger',
  triggerWhen: 'taskCreated',
  startTime: null,
  frequencyHours: null,
  enabled: true,
  segments: [segment(1)],
  nextRunAt: null,
  lastRunAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

const START = '2026-11-27T08:00:00.000Z';

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/segmentations')) {
      if (url.searchParams.get('searchText')) return envelope({ data: [], hasMore: false });
      return url.searchParams.get('after')
        ? envelope({ data: [segmentation(3, { enabled: false })], hasMore: false })
        : envelope({
            data: [
              segmentation(1),
              segmentation(2, {
                kind: 'automation',
                triggerWhen: null,
                startTime: START,
                frequencyHours: 6,
                segments: [segment(1), segment(2)],
                lastRunAt: START,
              }),
            ],
            hasMore: true,
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
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('SegmentationsListPage', () => {
  it('lists segmentations a keyset page at a time, with when they run in words', async () => {
    const router = createMemoryRouter(
      [
        { path: '/app/segmentation', element: <SegmentationsListPage /> },
        { path: '/app/segmentation/:id/view', element: <p data-testid="landed">view</p> },
      ],
      { initialEntries: ['/app/segmentation'] },
    );
    act(() => {
      root = createRoot(container);
      root.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
    await settle();
    expect(byTestId('segmentation-kind-1')?.textContent).toBe('Se registra una tareaAl ocurrir un evento');
    expect(byTestId('segmentation-kind-2')?.textContent).toBe(
      `Cada 6 horas desde el ${formatDateTime(START, 'es')}Programada`,
    );
    expect(byTestId('segmentation-segments-2')?.textContent).toBe('2');
    expect(byTestId('segmentation-row-1')?.textContent).toContain('Nunca');
    expect(byTestId('segmentation-row-1')?.textContent).toContain('Soporte');
    expect(byTestId('segmentation-view-1')?.getAttribute('href')).toBe('/app/segmentation/1/view');
    expect(byTestId('segmentation-edit-1')?.getAttribute('href')).toBe('/app/segmentation/1/edit');
    expect(byTestId('segmentation-add')?.getAttribute('href')).toBe('/app/segmentation/add');

    act(() => byTestId('segmentations-more')?.click());
    await settle();
    expect(byTestId('segmentation-row-3')?.textContent).toContain('Deshabilitado');
    expect(byTestId('segmentations-more')).toBeNull();
    const lists = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/segmentations?'));
    expect(lists).toEqual(['/api/v2/segmentations?sizePerPage=25', '/api/v2/segmentations?after=2&sizePerPage=25']);

    // The search asks the server once the user pauses.
    const search = byTestId('segmentations-search') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(search, 'nada');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await settle();
    expect(byTestId('segmentations-empty')?.textContent).toContain('Ninguna segmentación coincide con la búsqueda');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/v2/segmentations?searchText=nada&sizePerPage=25');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(search, '');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await settle();

    // A click on the row opens its dashboard.
    act(() => byTestId('segmentation-row-2')?.click());
    expect(router.state.location.pathname).toBe('/app/segmentation/2/view');
  });
});
