import { SLA_BREACH_EVENT, type Ticket, type TicketSla } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../../app/realtime';
import i18n from '../../../core/i18n';
import { TicketSlaCard } from './TicketSlaCard';
import { TicketSlaSlot } from './TicketSlaSlot';

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

const sla = (patch: Partial<TicketSla> = {}): TicketSla => ({
  rule: { id: 7, name: 'Urgentes' },
  businessHours: true,
  metrics: [
    { metric: 'firstResponse', state: 'running', dueAt: at(16 * 60), breachedAt: null },
    { metric: 'nextResponse', state: 'met', dueAt: null, breachedAt: null },
    { metric: 'resolution', state: 'breached', dueAt: at(-3600), breachedAt: at(-3600) },
  ],
  ...patch,
});

const ticket = { id: 501, status: 1, priority: 2, campaign: { id: 3, name: 'Soporte' }, type: null } as const;
const aTicket = (patch: Partial<Ticket> = {}): Ticket =>
  ({
    ...ticket,
    firstResponseAt: null,
    closedAt: null,
    updatedAt: '2026-11-26T11:00:00.000Z',
    interactions: [],
    ...patch,
  }) as unknown as Ticket;

let root: Root | null = null;
let container: HTMLDivElement;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('TicketSlaCard', () => {
  it('counts down every second, warns in the last 15 minutes and says when the deadline passed', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    act(() => {
      root = createRoot(container);
      root.render(<TicketSlaCard sla={sla()} error={null} onRetry={() => undefined} />);
    });
    const card = byTestId('ticket-sla');
    expect(card?.getAttribute('data-rule')).toBe('7');
    expect(card?.textContent).toContain('Urgentes · En horario hábil');

    const first = byTestId('ticket-sla-firstResponse');
    expect(first?.getAttribute('data-state')).toBe('running');
    expect(first?.getAttribute('data-tone')).toBe('default');
    expect(byTestId('ticket-sla-firstResponse-value')?.textContent).toBe('Quedan 16:00');
    expect(byTestId('ticket-sla-firstResponse-value')?.getAttribute('role')).toBe('timer');

    act(() => vi.advanceTimersByTime(61_000));
    expect(byTestId('ticket-sla-firstResponse-value')?.textContent).toBe('Quedan 14:59');
    expect(first?.getAttribute('data-tone')).toBe('warning');

    act(() => vi.advanceTimersByTime(15 * 60_000));
    expect(byTestId('ticket-sla-firstResponse-value')?.textContent).toBe('Vencido hace 00:01');
    expect(first?.getAttribute('data-phase')).toBe('overdue');
    expect(first?.getAttribute('data-tone')).toBe('error');
    // Still running on the server until it records the breach.
    expect(first?.getAttribute('data-state')).toBe('running');

    expect(byTestId('ticket-sla-nextResponse')?.getAttribute('data-state')).toBe('met');
    expect(byTestId('ticket-sla-nextResponse-value')?.textContent).toBe('Cumplido');
    expect(byTestId('ticket-sla-resolution')?.getAttribute('data-state')).toBe('breached');
    expect(byTestId('ticket-sla-resolution-value')?.textContent).toMatch(/^Incumplido el \S/);
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    act(() => {
      root = createRoot(container);
      root.render(<TicketSlaCard sla={sla()} error={null} onRetry={() => undefined} />);
    });
    expect(byTestId('ticket-sla-firstResponse-value')?.textContent).toBe('16:00 left');
    expect(byTestId('ticket-sla-nextResponse-value')?.textContent).toBe('Met');
    expect(byTestId('ticket-sla')?.textContent).toContain('First response');
  });
});

describe('TicketSlaSlot', () => {
  const fetchMock = vi.fn();
  let answer: TicketSla;

  async function settle() {
    await act(async () => {
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  function render(value: Ticket) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = (current: Ticket) => (
      <QueryClientProvider client={client}>
        <TicketSlaSlot ticket={current} />
      </QueryClientProvider>
    );
    act(() => {
      root = createRoot(container);
      root.render(view(value));
    });
    return (next: Ticket) => act(() => root?.render(view(next)));
  }

  const slaCalls = () =>
    fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname.endsWith('/sla'));

  beforeEach(() => {
    answer = sla({ rule: null, metrics: [] });
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => envelope(answer));
    vi.stubGlobal('fetch', fetchMock);
  });

  it('shows nothing when no rule applies, the card when one does; a breach or a change of the ticket asks again', async () => {
    const rerender = render(aTicket());
    await settle();
    expect(slaCalls()).toHaveLength(1);
    expect(String(slaCalls()[0][0])).toContain('/api/v2/tickets/501/sla');
    expect(container.innerHTML).toBe('');

    // A breach of another ticket: nothing; of this one: asked again.
    answer = sla();
    act(() =>
      emitRealtimeEvent(SLA_BREACH_EVENT, {
        ticketId: 999,
        number: 1,
        campaignId: 3,
        rule: 'Urgentes',
        metric: 'firstResponse',
        dueAt: at(0),
      }),
    );
    await settle();
    expect(slaCalls()).toHaveLength(1);
    act(() =>
      emitRealtimeEvent(SLA_BREACH_EVENT, {
        ticketId: 501,
        number: 1001,
        campaignId: 3,
        rule: 'Urgentes',
        metric: 'firstResponse',
        dueAt: at(0),
      }),
    );
    await settle();
    await settle();
    expect(slaCalls()).toHaveLength(2);
    expect(byTestId('ticket-sla')).not.toBeNull();
    expect(byTestId('ticket-sla-firstResponse')?.getAttribute('data-state')).toBe('running');

    // The agent answered (the view refetched the ticket): its deadlines are asked again.
    answer = sla({
      metrics: [{ metric: 'firstResponse', state: 'met', dueAt: null, breachedAt: null }],
    });
    rerender(aTicket({ firstResponseAt: '2026-11-26T12:01:00.000Z' }));
    await settle();
    expect(slaCalls()).toHaveLength(3);
    expect(byTestId('ticket-sla-firstResponse')?.getAttribute('data-state')).toBe('met');
  });
});
