import type { Segmentation, SegmentationDashboard, SegmentationRun } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../../ui/SnackbarProvider';
import i18n from '../i18n';
import { SegmentationViewPage } from './SegmentationViewPage';

// The signed-in user may view, run and edit segmentations.
vi.mock('../../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown, status = 200, message = 'OK') =>
  new Response(
    JSON.stringify({ statusResult: status < 300, status: status < 300 ? 'OK' : 'ERROR', code: 'OK', message, result }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const segmentation: Segmentation = {
  id: 8,
  name: 'Reparto de reclamos',
  description: 'Por prioridad y motivo',
  baseCampaign: { id: 3, name: 'Soporte' },
  kind: 'trigger',
  triggerWhen: 'ticketUpdated',
  startTime: null,
  frequencyHours: null,
  enabled: true,
  segments: [
    {
      id: 21,
      name: 'Urgentes',
      destinationCampaign: { id: 4, name: 'Escalamiento' },
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.priority', operator: 'equals', type: 'enum', value: 2 }],
      },
    },
    {
      id: 22,
      name: 'Quejas',
      destinationCampaign: { id: 5, name: 'Calidad' },
      conditions: {
        match: 'all',
        conditions: [
          { field: 'form.motivo', operator: 'equals', type: 'text', value: 'Queja' },
          { field: 'form.ciudad', operator: 'equals', type: 'text', value: 'Lima' },
        ],
      },
    },
  ],
  nextRunAt: null,
  lastRunAt: '2026-11-26T15:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const lastRun: SegmentationRun = {
  id: 90,
  trigger: 'schedule',
  initialCases: 50,
  finalCases: 41,
  moved: [
    { segmentId: 21, name: 'Urgentes', count: 6 },
    { segmentId: 22, name: 'Quejas', count: 3 },
  ],
  createdAt: '2026-11-26T15:00:00.000Z',
};

let dashboard: SegmentationDashboard;
let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  dashboard = {
    segmentation,
    openCases: 1250,
    matchingNow: [
      { segmentId: 21, count: 200 },
      { segmentId: 22, count: 50 },
    ],
    syncedFields: ['ticket.priority', 'form.motivo', 'form.ciudad'],
    lastRuns: [lastRun],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/segmentations/8/run')) {
      const run: SegmentationRun = {
        id: 91,
        trigger: 'manual',
        initialCases: 1250,
        finalCases: 1000,
        moved: [
          { segmentId: 21, name: 'Urgentes', count: 200 },
          { segmentId: 22, name: 'Quejas', count: 50 },
        ],
        createdAt: '2026-11-27T09:00:00.000Z',
      };
      dashboard = { ...dashboard, openCases: 1000, matchingNow: [], lastRuns: [run, ...dashboard.lastRuns] };
      return envelope(run);
    }
    if (url.pathname.endsWith('/segmentations/8/dashboard')) return envelope(dashboard);
    if (url.pathname.endsWith('/segmentations/9/dashboard')) {
      return envelope(null, 404, 'La segmentación no existe');
    }
    if (url.pathname.endsWith('/segmentations/options') && url.searchParams.get('campaignId') === '3') {
      return envelope({
        campaigns: [],
        users: [],
        ticketTypes: [],
        labels: [],
        channels: [],
        formFields: [{ key: 'motivo', label: 'Motivo', type: 'list', options: ['Queja'] }],
      });
    }
    return envelope(null, 404);
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

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const click = (id: string) => act(() => byTestId(id)?.click());

async function settle() {
  await act(async () => {
    for (let i = 0; i < 12; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Settles until `check` holds (a refetch after a mutation takes a few rounds). */
async function until(check: () => boolean) {
  for (let i = 0; i < 40 && !check(); i++) await settle();
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/segmentation/:id/view', element: <SegmentationViewPage /> },
      { path: '/app/segmentation/:id/edit', element: <p data-testid="landed">edit</p> },
    ],
    { initialEntries: [path] },
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
  return router;
}

describe('SegmentationViewPage', () => {
  it('shows the cases now, the synced fields and the last runs; runs it now and shows the new figures', async () => {
    const router = renderAt('/app/segmentation/8/view');
    // The dashboard and the base campaign's options (the form fields' labels) arrive separately: wait for both.
    await until(
      () =>
        byTestId('segmentation-runs') !== null &&
        (document.querySelector('[data-testid="segmentation-field-form.motivo"]')?.textContent ?? '').includes(
          'Motivo',
        ),
    );
    expect(byTestId('page-title')?.textContent).toBe('Segmentación: Reparto de reclamos');
    expect(byTestId('segmentation-when')?.textContent).toBe('Se actualiza un casoAl ocurrir un evento');

    // Initial cases, what each segment would take in order, and what would stay.
    expect(byTestId('segmentation-initial-value')?.textContent).toBe((1250).toLocaleString('es'));
    expect(byTestId('segmentation-matching-21')?.textContent).toContain('Segmento 1: Urgentes');
    expect(byTestId('segmentation-matching-21')?.textContent).toContain('Pasarían a Escalamiento');
    expect(byTestId('segmentation-matching-21-value')?.textContent).toBe('200');
    expect(byTestId('segmentation-matching-22-value')?.textContent).toBe('50');
    expect(byTestId('segmentation-final-value')?.textContent).toBe('1000');
    expect(byTestId('segmentation-final')?.textContent).toContain('Se quedarían en Soporte');

    // The fields the segments read, as the builder names them; a form field not in the form by its key.
    const chips = [...document.querySelectorAll('[data-testid^="segmentation-field-"]')].map(
      (chip) => chip.textContent,
    );
    expect(chips).toEqual(['Caso · Prioridad', 'Campos del formulario · Motivo', 'Campos del formulario · ciudad']);

    expect(byTestId('segmentation-run-90')?.textContent).toContain('Programación');
    expect(byTestId('segmentation-run-90')?.textContent).toContain('50');
    expect(byTestId('segmentation-run-90')?.textContent).toContain('41');
    expect(byTestId('segmentation-run-moved-90')?.textContent).toBe('Urgentes: 6Quejas: 3');

    // "Run now" asks first, then sorts the tickets, says how many moved and asks for the dashboard again.
    click('segmentation-run');
    expect(byTestId('confirm-dialog')?.textContent).toContain('«Soporte»');
    click('confirm-accept');
    await until(() => byTestId('segmentation-run-91') !== null);
    const run = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(String(run?.[0])).toBe('/api/v2/segmentations/8/run');
    expect(document.body.textContent).toContain('Segmentación ejecutada: 250 casos movidos');
    expect(byTestId('segmentation-initial-value')?.textContent).toBe('1000');
    expect(byTestId('segmentation-final-value')?.textContent).toBe('1000');
    expect(byTestId('segmentation-run-91')?.textContent).toContain('Manual');

    click('segmentation-edit');
    expect(router.state.location.pathname).toBe('/app/segmentation/8/edit');
  });

  it('says when the segmentation does not exist', async () => {
    renderAt('/app/segmentation/9/view');
    await settle();
    expect(byTestId('segmentation-not-found')?.textContent).toContain('La segmentación no existe');
  });
});
