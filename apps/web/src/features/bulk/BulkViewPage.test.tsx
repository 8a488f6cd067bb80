import { BULK_PROGRESS_EVENT, type BulkMessage, type BulkRecipient, type BulkStatus } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../app/realtime';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { BulkViewPage } from './BulkViewPage';
import i18n from './i18n';

const granted = { buttons: true };
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({
    granted: new Set(),
    roles: [],
    isAgent: false,
    can: (permission: string) => permission !== 'ver-botones-mensaje-masivo' || granted.buttons,
    ready: true,
  }),
}));

const envelope = (result: unknown, status = 200, message = 'OK') =>
  new Response(
    JSON.stringify({ statusResult: status < 300, status: status < 300 ? 'OK' : 'ERROR', code: 'OK', message, result }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const progress = {
  run: 1,
  total: 200,
  new: 150,
  sending: 10,
  sent: 20,
  delivered: 10,
  read: 5,
  failed: 3,
  skipped: 2,
  replied: 1,
};

const bulk = (patch: Partial<BulkMessage> = {}): BulkMessage => ({
  id: 7,
  name: 'Promo noviembre',
  campaign: { id: 3, name: 'Ventas' },
  channel: { id: 11, name: 'WhatsApp Ventas', type: 'whatsapp' },
  whatsappTemplate: {
    id: 51,
    name: 'promo_noviembre',
    language: 'es',
    headerText: null,
    body: 'Hola {{1}}, tu descuento es {{2}}',
    footer: null,
  },
  templateValues: ['{{cliente.nombre}}', '20%'],
  subject: null,
  message: null,
  activeTickets: true,
  frequency: { kind: 'none' },
  accounts: {
    conditions: { match: 'all', conditions: [] },
    campaignAccountsOnly: true,
    sendTo: 'all',
    customerIds: [],
  },
  status: 'running',
  enabled: true,
  progress,
  percent: 20,
  nextRunAt: null,
  startedAt: '2026-11-27T08:00:00.000Z',
  finishedAt: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: { id: 2, name: 'Sofía Supervisora' },
  problem: null,
  ...patch,
});

const recipient = (id: number, patch: Partial<BulkRecipient> = {}): BulkRecipient => ({
  id,
  customer: { id: 500 + id, name: `Cliente ${id}` },
  contact: '+573001112233',
  status: 'delivered',
  error: null,
  sentAt: '2026-11-27T08:01:00.000Z',
  deliveredAt: '2026-11-27T08:01:05.000Z',
  readAt: null,
  ticketId: null,
  repliedAt: null,
  ...patch,
});

let current: BulkMessage;
let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  granted.buttons = true;
  current = bulk();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/bulk-messages/7/actions')) {
      const { action } = JSON.parse(String(init?.body));
      current = { ...current, status: action === 'stop' ? 'stopped' : current.status };
      return envelope(current);
    }
    if (url.pathname.endsWith('/bulk-messages/7/recipients')) {
      return url.searchParams.get('status') === 'failed'
        ? envelope({ data: [recipient(3, { status: 'failed', error: 'Número inválido' })], hasMore: false })
        : envelope({ data: [recipient(1), recipient(2, { status: 'read', ticketId: 900 })], hasMore: false });
    }
    if (url.pathname.endsWith('/bulk-messages/7')) return envelope(current);
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

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);
const click = (id: string) => act(() => byTestId(id)?.click());
const shownActions = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^="bulk-action-"]')].map((item) =>
    item.dataset.testid?.replace('bulk-action-', ''),
  );

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function render() {
  const router = createMemoryRouter([{ path: '/app/bulk-messaging/:id/view', element: <BulkViewPage /> }], {
    initialEntries: ['/app/bulk-messaging/7/view'],
  });
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
}

describe('BulkViewPage', () => {
  it.each<[BulkStatus, string[]]>([
    ['created', ['start']],
    ['initialization', ['stop']],
    ['running', ['pause', 'stop']],
    ['paused', ['start', 'stop']],
    ['stopped', ['restart', 'repeat', 'repeatFailed']],
    ['finalized', ['repeat', 'repeatFailed']],
    ['failed', ['restart', 'repeatFailed']],
  ])('offers the actions of a %s bulk message', async (status, actions) => {
    current = bulk({ status });
    render();
    await settle();
    expect(byTestId('bulk-status')?.dataset.status).toBe(status);
    expect(shownActions()).toEqual(actions);
  });

  it('shows no action without the buttons permission', async () => {
    granted.buttons = false;
    render();
    await settle();
    expect(byTestId('page-title')?.textContent).toBe('Promo noviembre');
    expect(shownActions()).toEqual([]);
  });

  it('asks before stopping, then shows the new status', async () => {
    render();
    await settle();
    click('bulk-action-stop');
    await settle();
    expect(byTestId('confirm-dialog')?.textContent).toContain('¿Detener el envío?');
    click('confirm-cancel');
    await settle();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/actions'))).toBe(false);

    click('bulk-action-stop');
    await settle();
    click('confirm-accept');
    await settle();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/bulk-messages/7/actions'));
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({ action: 'stop' });
    expect(byTestId('bulk-status')?.dataset.status).toBe('stopped');
    expect(shownActions()).toEqual(['restart', 'repeat', 'repeatFailed']);
  });

  it('moves the progress bar and the counters with the realtime event', async () => {
    render();
    await settle();
    expect(byTestId('bulk-percent-value')?.textContent).toBe('20 %');
    expect(byTestId('bulk-count-delivered')?.textContent).toBe('10');
    expect(byTestId('bulk-percent')?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('20');

    act(() =>
      emitRealtimeEvent(BULK_PROGRESS_EVENT, {
        bulkMessageId: 7,
        status: 'running',
        progress: { ...progress, new: 40, sending: 10, sent: 60, delivered: 70, read: 12 },
      }),
    );
    await settle();
    // 200 - 40 - 10 = 150 tried: 75 %.
    expect(byTestId('bulk-percent-value')?.textContent).toBe('75 %');
    expect(byTestId('bulk-count-delivered')?.textContent).toBe('70');
    expect(byTestId('bulk-count-new')?.textContent).toBe('40');
    expect(byTestId('bulk-percent')?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('75');

    // Another bulk message's event changes nothing here.
    act(() =>
      emitRealtimeEvent(BULK_PROGRESS_EVENT, {
        bulkMessageId: 8,
        status: 'finalized',
        progress: { ...progress, new: 0, sending: 0 },
      }),
    );
    await settle();
    expect(byTestId('bulk-percent-value')?.textContent).toBe('75 %');

    // Finished: the status follows and the page reads the message again for its dates.
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/bulk-messages/7')).length;
    const before = reads();
    current = bulk({ status: 'finalized', finishedAt: '2026-11-27T09:00:00.000Z' });
    act(() =>
      emitRealtimeEvent(BULK_PROGRESS_EVENT, {
        bulkMessageId: 7,
        status: 'finalized',
        progress: { ...progress, new: 0, sending: 0 },
      }),
    );
    await settle();
    expect(byTestId('bulk-status')?.dataset.status).toBe('finalized');
    expect(reads()).toBeGreaterThan(before);
  });

  it('lists the recipients with their ticket, filtered by status', async () => {
    render();
    await settle();
    expect(byTestId('bulk-recipient-1')?.textContent).toContain('Cliente 1');
    expect(byTestId('bulk-recipient-status-2')?.textContent).toBe('Leído');
    expect(byTestId('bulk-recipient-ticket-2')?.getAttribute('href')).toBe('/app/tickets/900/view');
    expect(byTestId('bulk-view-template')?.textContent).toBe('promo_noviembre (es)');
    expect(byTestId('bulk-preview-whatsapp-body')?.textContent).toBe('Hola María, tu descuento es 20%');

    const status = byTestId<HTMLInputElement>('bulk-recipients-status');
    const combobox = status?.parentElement?.querySelector<HTMLElement>('[role="combobox"]');
    act(() => {
      combobox?.focus();
      combobox?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    const failed = [...document.querySelectorAll<HTMLElement>('li[role="option"]')].find(
      (item) => item.dataset.value === 'failed',
    );
    act(() => failed?.click());
    await settle();
    expect(byTestId('bulk-recipient-3')?.textContent).toContain('Número inválido');
    expect(byTestId('bulk-recipient-1')).toBeNull();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/v2/bulk-messages/7/recipients?status=failed&sizePerPage=25');
  });
});
