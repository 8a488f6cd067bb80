import { DIALER_PROGRESS_EVENT } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../app/realtime';
import { byTestId, calls, envelope, mount, settle, waitUntil } from '../../test/dom';
import { DialersListPage } from './DialersListPage';
import i18n from './i18n';
import { dialerFixture } from './testing';

let root: Root | null = null;
const fetchMock = vi.fn();
let telephonyConfigured = false;

beforeEach(async () => {
  await i18n.changeLanguage('es');
  telephonyConfigured = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/dialers/options')) {
      return envelope({
        campaigns: [
          { id: 3, name: 'Cobranzas' },
          { id: 4, name: 'Ventas' },
        ],
        users: [],
        labels: [],
        telephonyConfigured,
      });
    }
    if (init?.method === 'POST' && url.pathname.endsWith('/actions')) {
      const { action } = JSON.parse(String(init.body));
      return envelope(dialerFixture(9, { status: action === 'stop' ? 'stopped' : 'running' }));
    }
    if (url.pathname.endsWith('/dialers')) {
      if (url.searchParams.get('status') === 'failed')
        return envelope({ data: [], hasMore: false, telephonyConfigured });
      if (url.searchParams.get('after')) {
        return envelope({ data: [dialerFixture(5, { status: 'finalized' })], hasMore: false, telephonyConfigured });
      }
      return envelope({
        data: [
          dialerFixture(9, { status: 'running' }),
          dialerFixture(8, {
            campaign: { id: 4, name: 'Ventas' },
            counts: { registries: 1500, new: 1500, executed: 0, success: 0, failed: 0 },
          }),
        ],
        hasMore: true,
        telephonyConfigured,
      });
    }
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function start() {
  const router = createMemoryRouter(
    [
      { path: '/app/dialers', element: <DialersListPage /> },
      { path: '/app/dialers/:id/view', element: <p data-testid="landed">view</p> },
    ],
    { initialEntries: ['/app/dialers'] },
  );
  root = mount(<RouterProvider router={router} />).root;
  return router;
}

const lists = () => calls(fetchMock).filter((call) => call.startsWith('GET /api/v2/dialers?'));

/** Picks an option of a MUI select whose native input carries the test id. */
async function choose(testId: string, label: string) {
  const combobox = byTestId(testId)?.parentElement?.querySelector<HTMLElement>('[role="combobox"]');
  act(() => combobox?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  await settle();
  const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (item) => item.textContent === label,
  );
  act(() => option?.click());
  await settle();
}

describe('DialersListPage', () => {
  it('lists the dialers with the spec’s columns and counters, a keyset page at a time, filtered', async () => {
    const router = start();
    await settle();
    expect(byTestId('dialer-add')?.getAttribute('href')).toBe('/app/dialers/add');
    const headers = [...document.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual([
      'ID',
      'Nombre',
      'Creado',
      'Campaña',
      'Estado',
      'Registros',
      'Fallidos',
      'Nuevos',
      'Ejecutados',
      'Exitosos',
      'Acciones',
    ]);
    expect(byTestId('dialer-row-status-9')?.textContent).toBe('En ejecución');
    expect(byTestId('dialer-row-registries-8')?.textContent).toBe((1500).toLocaleString('es'));
    expect(byTestId('dialer-row-new-9')?.textContent).toBe('100');
    expect(byTestId('dialer-row-failed-9')?.textContent).toBe('5');
    expect(byTestId('dialer-row-success-9')?.textContent).toBe('10');
    expect(byTestId('dialer-row-8')?.textContent).toContain('Ventas');

    act(() => byTestId('dialers-list-more')?.click());
    await settle();
    expect(byTestId('dialer-row-status-5')?.textContent).toBe('Finalizado');
    expect(lists()).toContain('GET /api/v2/dialers?after=8&sizePerPage=25');

    await choose('dialers-campaign-filter', 'Ventas');
    expect(lists()).toContain('GET /api/v2/dialers?campaignId=4&sizePerPage=25');
    await choose('dialers-status-filter', 'Fallido');
    expect(lists()).toContain('GET /api/v2/dialers?campaignId=4&status=failed&sizePerPage=25');
    expect(byTestId('dialers-list-empty')?.textContent).toContain('Ningún marcador coincide con los filtros');

    await choose('dialers-status-filter', 'Todos');
    act(() => byTestId('dialer-row-8')?.click());
    expect(router.state.location.pathname).toBe('/app/dialers/8/view');
  });

  it('moves a row’s status and counters with the dialer’s progress events, without reading the list again', async () => {
    start();
    await waitUntil(() => byTestId('dialer-row-9') !== null);
    const before = lists().length;
    act(() =>
      emitRealtimeEvent(DIALER_PROGRESS_EVENT, {
        dialerId: 9,
        status: 'paused',
        counts: { registries: 120, new: 60, executed: 2, success: 50, failed: 8 },
      }),
    );
    await waitUntil(() => byTestId('dialer-row-success-9')?.textContent === '50');
    expect(byTestId('dialer-row-status-9')?.textContent).toBe('Pausado');
    expect(byTestId('dialer-row-new-9')?.textContent).toBe('60');
    expect(byTestId('dialer-row-executed-9')?.textContent).toBe('2');
    expect(lists()).toHaveLength(before);
  });

  it('offers each row’s actions with a confirmation; starting is off while telephony is not configured', async () => {
    start();
    await settle();
    act(() => byTestId('dialer-row-actions-8')?.click());
    await settle();
    const startItem = byTestId('dialer-row-action-8-start');
    expect(startItem?.getAttribute('aria-disabled')).toBe('true');
    expect(startItem?.textContent).toContain('La telefonía no está configurada');
    act(() =>
      document
        .querySelector<HTMLElement>('[role="menu"]')
        ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    );
    await settle();

    // A running one: pause and stop, each after confirming.
    act(() => byTestId('dialer-row-actions-9')?.click());
    await settle();
    expect(byTestId('dialer-row-action-9-pause')).not.toBeNull();
    act(() => byTestId('dialer-row-action-9-stop')?.click());
    await settle();
    expect(byTestId('confirm-dialog')?.textContent).toContain('¿Detener el marcador «Marcador 9»?');
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
    act(() => byTestId('confirm-accept')?.click());
    await settle();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/v2/dialers/9/actions');
    expect(JSON.parse(String((post?.[1] as RequestInit | undefined)?.body))).toEqual({ action: 'stop' });
    await waitUntil(() => document.body.textContent?.includes('Marcador detenido') === true);
  });
});
