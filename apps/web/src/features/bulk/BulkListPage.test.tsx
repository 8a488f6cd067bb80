import { BULK_PROGRESS_EVENT, type BulkMessage } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../app/realtime';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { BulkListPage } from './BulkListPage';
import i18n from './i18n';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const progress = {
  run: 1,
  total: 10,
  new: 10,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  replied: 0,
};

const row = (id: number, patch: Partial<BulkMessage> = {}): BulkMessage => ({
  id,
  name: `Masivo ${id}`,
  campaign: { id: 3, name: 'Ventas' },
  channel: { id: 12, name: 'SMS Ventas', type: 'sms' },
  whatsappTemplate: null,
  templateValues: [],
  subject: null,
  message: 'Hola',
  activeTickets: false,
  frequency: { kind: 'none' },
  accounts: {
    conditions: { match: 'all', conditions: [] },
    campaignAccountsOnly: false,
    sendTo: 'all',
    customerIds: [],
  },
  status: 'created',
  enabled: true,
  progress,
  percent: 0,
  nextRunAt: null,
  startedAt: null,
  finishedAt: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: null,
  problem: null,
  ...patch,
});

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PATCH') return envelope(row(9, { enabled: JSON.parse(String(init.body)).enabled }));
    if (url.pathname.endsWith('/bulk-messages')) {
      if (url.searchParams.get('status') === 'finalized') return envelope({ data: [], hasMore: false });
      return url.searchParams.get('after')
        ? envelope({ data: [row(5, { status: 'finalized', percent: 100 })], hasMore: false })
        : envelope({
            data: [
              row(9),
              row(8, { status: 'running', percent: 40, channel: { id: 11, name: 'WA', type: 'whatsapp' } }),
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
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('BulkListPage', () => {
  it('lists bulk messages a keyset page at a time, live, with their switch', async () => {
    const router = createMemoryRouter(
      [
        { path: '/app/bulk-messaging', element: <BulkListPage /> },
        { path: '/app/bulk-messaging/:id/view', element: <p data-testid="landed">view</p> },
      ],
      { initialEntries: ['/app/bulk-messaging'] },
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
    expect(byTestId('bulk-add')?.getAttribute('href')).toBe('/app/bulk-messaging/add');
    expect(byTestId('bulk-row-status-9')?.textContent).toBe('Creado');
    expect(byTestId('bulk-row-status-8')?.textContent).toBe('En ejecución');
    expect(byTestId('bulk-row-progress-8-value')?.textContent).toBe('40 %');
    expect(byTestId('bulk-channel-type-8')?.querySelector('title')?.textContent).toBe('WhatsApp');
    expect(byTestId('bulk-row-8')?.textContent).toContain('Ventas');

    act(() => byTestId('bulk-list-more')?.click());
    await settle();
    expect(byTestId('bulk-row-status-5')?.textContent).toBe('Finalizado');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v2/bulk-messages?after=8&sizePerPage=25');

    // The progress of a running one moves with the realtime event.
    act(() =>
      emitRealtimeEvent(BULK_PROGRESS_EVENT, {
        bulkMessageId: 8,
        status: 'running',
        progress: { ...progress, new: 2, sent: 8 },
      }),
    );
    await settle();
    expect(byTestId('bulk-row-progress-8-value')?.textContent).toBe('80 %');

    // The switch disables it without opening it.
    act(() => byTestId('bulk-row-enabled-9')?.click());
    await settle();
    const patch = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');
    expect(String(patch?.[0])).toBe('/api/v2/bulk-messages/9');
    expect(JSON.parse(String((patch?.[1] as RequestInit | undefined)?.body))).toEqual({ enabled: false });
    expect(router.state.location.pathname).toBe('/app/bulk-messaging');
    expect((byTestId('bulk-row-enabled-9') as HTMLInputElement).checked).toBe(false);

    act(() => byTestId('bulk-row-8')?.click());
    expect(router.state.location.pathname).toBe('/app/bulk-messaging/8/view');
  });
});
