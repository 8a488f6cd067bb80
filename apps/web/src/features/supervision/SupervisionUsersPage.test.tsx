import { SUPERVISION_EVENT, type SupervisedAgent } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../app/realtime';
import i18n from '../../core/i18n';
import { byTestId, envelope, mount, waitUntil } from '../../test/dom';
import { SupervisionUsersPage } from './SupervisionUsersPage';

let lacking: string | null = null;
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({
    granted: new Set(),
    roles: [],
    isAgent: false,
    can: (permission: string) => permission !== lacking,
    ready: true,
  }),
}));

const answeredAt = new Date(Date.now() - 75_000).toISOString();
const agent = (id: number, patch: Partial<SupervisedAgent> = {}): SupervisedAgent => ({
  id,
  nombre: `Agente ${id}`,
  avatarUrl: null,
  estado: 'E',
  pausa: null,
  since: new Date().toISOString(),
  campaign: { id: 1, name: 'Servicio al cliente' },
  currentTicket: null,
  openTickets: 0,
  closedToday: 0,
  assignedToday: 0,
  call: null,
  ...patch,
});

let root: Root | null = null;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      envelope([
        agent(1, {
          estado: 'G',
          currentTicket: { id: 55, number: 1012 },
          call: {
            id: 9,
            direction: 'inbound',
            customerNumber: '+573001112233',
            answeredAt,
            ticket: { id: 55, number: 1012 },
          },
        }),
        agent(2),
      ]),
    ),
  );
});
afterEach(() => {
  lacking = null;
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function start() {
  const router = createMemoryRouter([{ path: '*', element: <SupervisionUsersPage /> }], {
    initialEntries: ['/app/supervision/users'],
  });
  root = mount(<RouterProvider router={router} />).root;
}

describe('the supervision users page', () => {
  it('shows the call an agent talks on, ticking, and follows it live until it ends', async () => {
    await i18n.changeLanguage('es');
    start();
    await waitUntil(() => byTestId('supervision-call-1') !== null);
    const call = () => byTestId('supervision-call-1')?.textContent ?? '';
    expect(call()).toMatch(/^Llamada entrante con \+573001112233 · 00:01:[1-5]\d$/);
    expect(byTestId('supervision-call-2')).toBeNull();

    // Agent 2 takes a dialer's call: it shows as outgoing; agent 1's call ends.
    act(() =>
      emitRealtimeEvent(SUPERVISION_EVENT, {
        kind: 'call',
        userId: 2,
        call: {
          id: 10,
          direction: 'outbound',
          customerNumber: '+573009998877',
          answeredAt: new Date().toISOString(),
          ticket: null,
        },
      }),
    );
    act(() => emitRealtimeEvent(SUPERVISION_EVENT, { kind: 'call', userId: 1, call: null }));
    await waitUntil(() => byTestId('supervision-call-1') === null && byTestId('supervision-call-2') !== null);
    expect(byTestId('supervision-call-2')?.dataset.direction).toBe('outbound');
    await act(() => i18n.changeLanguage('en'));
    expect(byTestId('supervision-call-2')?.textContent).toMatch(/^Outgoing call with \+573009998877 · 00:00:[0-5]\d$/);
  });

  it('offers to intervene in a live call only, with the permission, and says why the server refused', async () => {
    await i18n.changeLanguage('es');
    start();
    await waitUntil(() => byTestId('supervision-call-1') !== null);
    const button = byTestId('supervision-monitor-1') as HTMLButtonElement;
    expect(button.getAttribute('aria-label')).toBe('Intervenir en la llamada');
    // Agent 2 talks on no call.
    expect(byTestId('supervision-monitor-2')).toBeNull();

    // The call ended a moment ago: the server says so, and no session bar stays.
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/monitor')
        ? new Response(
            JSON.stringify({
              statusResult: false,
              status: 'ERROR',
              code: 'VOICE.NO_LIVE_CALL',
              message: 'El agente no está en una llamada',
              result: null,
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          )
        : envelope([agent(1), agent(2)]),
    );
    vi.stubGlobal('fetch', fetchMock);
    act(() => button.click());
    await waitUntil(() => byTestId('snackbar') !== null);
    expect(byTestId('snackbar')?.textContent).toContain('El agente no está en una llamada');
    expect(byTestId('call-monitor')).toBeNull();
    const monitorCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/monitor'));
    if (!monitorCall) throw new Error('no monitor request');
    const [url, init] = monitorCall as unknown as [string, RequestInit];
    expect(url).toMatch(/\/supervision\/agentes\/1\/monitor$/);
    expect(JSON.parse(String(init.body))).toEqual({ mode: 'listen' });
  });

  it('hides the intervention without intervenir-llamadas', async () => {
    lacking = 'intervenir-llamadas';
    start();
    await waitUntil(() => byTestId('supervision-call-1') !== null);
    expect(byTestId('supervision-monitor-1')).toBeNull();
  });
});
