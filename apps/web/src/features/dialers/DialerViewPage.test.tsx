import { DIALER_PROGRESS_EVENT, type DialerDetail, type DialerStats } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../app/realtime';
import { byTestId, calls, envelope, mount, settle, waitUntil } from '../../test/dom';
import { DialerViewPage } from './DialerViewPage';
import i18n from './i18n';
import { dialerFixture } from './testing';

vi.mock('@mui/x-charts/BarChart', () => ({
  BarChart: ({ series, xAxis }: { series: { id: string; data: number[] }[]; xAxis: { data?: string[] }[] }) => (
    <svg
      data-testid="bar-chart"
      data-series={series.map((item) => `${item.id}:${item.data.join(',')}`).join('|')}
      data-categories={(xAxis[0]?.data ?? []).join('|')}
    />
  ),
}));

let root: Root | null = null;
const fetchMock = vi.fn();
let dialer: DialerDetail;
let stats: DialerStats;

const account = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  customer: { id: 100 + id, name: `Cliente ${id}` },
  phone: `+5730011122${id}`,
  status: 'new',
  attempts: 0,
  lastOutcome: null,
  lastAttemptAt: null,
  nextAttemptAt: null,
  ...patch,
});

beforeEach(async () => {
  await i18n.changeLanguage('es');
  dialer = dialerFixture(7);
  stats = { attemptsPerHour: [], accountsByStatus: { new: 100, executed: 5, success: 10, failed: 5 } };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/actions')) {
      const { action } = JSON.parse(String(init.body));
      dialer = { ...dialer, status: action === 'pause' ? 'paused' : action === 'stop' ? 'stopped' : 'running' };
      return envelope(dialer);
    }
    if (url.pathname.endsWith('/stats')) return envelope(stats);
    if (url.pathname.endsWith('/accounts')) {
      if (url.searchParams.get('status') === 'failed') {
        return envelope({
          data: [
            account(3, {
              status: 'failed',
              attempts: 3,
              lastOutcome: 'no_answer',
              lastAttemptAt: '2026-11-27T10:00:00.000Z',
            }),
          ],
          hasMore: false,
        });
      }
      return envelope({
        data: [account(1), account(2, { status: 'success', attempts: 1, lastOutcome: 'answered' })],
        hasMore: true,
      });
    }
    if (url.pathname.endsWith('/dialers/404')) return envelope(null, 404);
    if (/\/dialers\/\d+$/.test(url.pathname)) return envelope(dialer);
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

function start(id = 7) {
  const router = createMemoryRouter([{ path: '/app/dialers/:id/view', element: <DialerViewPage /> }], {
    initialEntries: [`/app/dialers/${id}/view`],
  });
  root = mount(<RouterProvider router={router} />).root;
}

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

describe('DialerViewPage', () => {
  it('shows the configuration, counters, charts and accounts, and that telephony is not configured', async () => {
    start();
    await waitUntil(() => byTestId('dialer-counts') !== null);
    expect(byTestId('page-title')?.textContent).toBe('Marcador 7');
    expect(byTestId('dialer-status')?.textContent).toBe('Creado');
    expect(byTestId('dialer-telephony-off')?.textContent).toContain('La telefonía no está configurada');
    // Start is offered but cannot run; edit is open (created).
    expect((byTestId('dialer-action-start') as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId('dialer-edit')?.getAttribute('aria-disabled')).not.toBe('true');
    expect(byTestId('dialer-count-registries')?.textContent).toBe('120');
    expect(byTestId('dialer-count-failed')?.textContent).toBe('5');
    expect(byTestId('dialer-view-channels')?.textContent).toContain('Máximo de canales telefónicos');
    expect(byTestId('dialer-view-rings')?.textContent).toContain('contarla como abandono');
    expect(byTestId('dialer-view-type')?.textContent).toBe('Llamar a la campaña');

    await waitUntil(() => byTestId('dialer-chart-attempts-empty') !== null);
    expect(byTestId('dialer-chart-attempts-empty')?.textContent).toContain(
      'Las llamadas empiezan cuando el marcador se inicia',
    );
    expect(byTestId('dialer-chart-states-chart')?.querySelector('svg')?.getAttribute('data-series')).toBe(
      'count:100,5,10,5',
    );
    expect(byTestId('dialer-chart-states-table')?.textContent).toContain('Exitoso');

    await waitUntil(() => byTestId('dialer-account-1') !== null);
    expect(byTestId('dialer-account-2')?.textContent).toContain('Contestada');
    expect(byTestId('dialer-account-status-2')?.textContent).toBe('Exitoso');
    await choose('dialer-accounts-status', 'Fallido');
    await waitUntil(() => byTestId('dialer-account-3') !== null);
    expect(calls(fetchMock)).toContain('GET /api/v2/dialers/7/accounts?status=failed&sizePerPage=25');
    expect(byTestId('dialer-account-3')?.textContent).toContain('Sin respuesta');
  });

  it('charts attempts per hour when there are some, and runs the actions its status offers after confirming', async () => {
    dialer = dialerFixture(7, { status: 'running', telephonyConfigured: true, startedAt: '2026-11-27T08:00:00.000Z' });
    stats = {
      attemptsPerHour: [
        { hour: '2026-11-27T10:00:00.000Z', attempts: 12, answered: 4 },
        { hour: '2026-11-27T11:00:00.000Z', attempts: 8, answered: 5 },
      ],
      accountsByStatus: { new: 100, executed: 5, success: 10, failed: 5 },
    };
    start();
    await waitUntil(() => byTestId('dialer-chart-attempts-chart') !== null);
    expect(byTestId('dialer-telephony-off')).toBeNull();
    expect(byTestId('dialer-chart-attempts-chart')?.querySelector('svg')?.getAttribute('data-series')).toBe(
      'attempts:12,8|answered:4,5',
    );
    expect(byTestId('dialer-chart-attempts-table')?.querySelectorAll('tbody tr')).toHaveLength(2);
    // Running: no edit; pause and stop.
    expect(byTestId('dialer-edit')?.getAttribute('aria-disabled')).toBe('true');
    expect(byTestId('dialer-action-start')).toBeNull();
    act(() => byTestId('dialer-action-pause')?.click());
    await settle();
    expect(byTestId('confirm-dialog')?.textContent).toContain('¿Pausar el marcador «Marcador 7»?');
    act(() => byTestId('confirm-accept')?.click());
    await waitUntil(() => byTestId('dialer-status')?.textContent === 'Pausado');
    expect(calls(fetchMock)).toContain('POST /api/v2/dialers/7/actions');
    // Paused: start (resume) is offered again, and enabled with telephony.
    expect((byTestId('dialer-action-start') as HTMLButtonElement).disabled).toBe(false);
  });

  it('follows the dialer live: counters and status from its progress events, its accounts and charts read again', async () => {
    start();
    await waitUntil(() => byTestId('dialer-counts') !== null && byTestId('dialer-account-1') !== null);
    const reads = (suffix: string) => calls(fetchMock).filter((line) => line.includes(`/dialers/7${suffix}`)).length;
    const before = { accounts: reads('/accounts'), stats: reads('/stats') };
    const counts = { registries: 120, new: 80, executed: 2, success: 30, failed: 8 };

    act(() => emitRealtimeEvent(DIALER_PROGRESS_EVENT, { dialerId: 7, status: 'created', counts }));
    await waitUntil(() => byTestId('dialer-count-success')?.textContent === '30');
    expect(byTestId('dialer-count-failed')?.textContent).toBe('8');
    expect(byTestId('dialer-count-new')?.textContent).toBe('80');
    // The accounts and the charts follow (read again, throttled).
    await waitUntil(() => reads('/accounts') > before.accounts && reads('/stats') > before.stats);

    // Another dialer's event changes nothing here.
    act(() =>
      emitRealtimeEvent(DIALER_PROGRESS_EVENT, {
        dialerId: 8,
        status: 'finalized',
        counts: { ...counts, success: 99 },
      }),
    );
    await settle();
    expect(byTestId('dialer-count-success')?.textContent).toBe('30');

    // A new status shows at once, with the actions it offers.
    dialer = { ...dialer, status: 'finalized', counts: { ...counts, new: 0, executed: 0, success: 110, failed: 10 } };
    act(() => emitRealtimeEvent(DIALER_PROGRESS_EVENT, { dialerId: 7, status: 'finalized', counts: dialer.counts }));
    await waitUntil(() => byTestId('dialer-status')?.textContent === 'Finalizado');
    expect(byTestId('dialer-count-success')?.textContent).toBe('110');
    expect(byTestId('dialer-action-repeat')).not.toBeNull();
  });

  it('says when the dialer does not exist (or is another campaign’s)', async () => {
    start(404);
    await waitUntil(() => byTestId('dialer-not-found') !== null);
    expect(byTestId('dialer-not-found')?.textContent).toContain('El marcador no existe o no está en sus campañas');
  });
});
