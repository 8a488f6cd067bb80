import type { SlaRecord, SlaRule } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../core/i18n';
import { SlaRuleFormPage } from './SlaRuleFormPage';

const envelope = (result: unknown, status = 200, message = 'OK') =>
  new Response(
    JSON.stringify({ statusResult: status < 300, status: status < 300 ? 'OK' : 'ERROR', code: 'OK', message, result }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const campaigns = [{ id: 3, name: 'Soporte' }];
const campaignOptions = { campaigns, users: [], ticketTypes: [], labels: [], channels: [], formFields: [] };

const saved: SlaRule = {
  id: 7,
  name: 'Urgentes',
  description: 'Clientes con prioridad alta',
  campaign: { id: 3, name: 'Soporte' },
  enabled: true,
  businessHours: true,
  conditions: { match: 'all', conditions: [] },
  targets: {
    low: { firstResponse: null, nextResponse: null, resolution: null },
    medium: { firstResponse: 240, nextResponse: null, resolution: null },
    high: { firstResponse: 90, nextResponse: null, resolution: 1440 },
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const record: SlaRecord = {
  id: 40,
  rule: { id: 7, name: 'Urgentes' },
  ticket: { id: 501, number: 1001 },
  metric: 'firstResponse',
  breachedAt: '2026-11-25T09:00:00.000Z',
  firstResponseSeconds: 5400 + 120,
  customerWaitingSeconds: 35,
  createdAt: '2026-11-25T09:00:05.000Z',
};

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();
let answerToWrite: (body: unknown) => Response = (body) => envelope({ ...saved, ...(body as object) }, 201);

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  answerToWrite = (body) => envelope({ ...saved, ...(body as object) }, 201);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' || init?.method === 'PUT') return answerToWrite(JSON.parse(String(init.body)));
    if (url.pathname.endsWith('/sla-rules/options')) return envelope(campaignOptions);
    if (url.pathname.endsWith('/sla-rules/7/records')) {
      return url.searchParams.get('before')
        ? envelope({ data: [{ ...record, id: 39, metric: 'resolution', firstResponseSeconds: null }], hasMore: false })
        : envelope({ data: [record], hasMore: true });
    }
    if (url.pathname.endsWith('/sla-rules/7')) return envelope(saved);
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
  vi.unstubAllGlobals();
});

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);
const input = (id: string) => byTestId<HTMLInputElement>(id) as HTMLInputElement;

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(element: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/sla-rules/add', element: <SlaRuleFormPage mode="create" /> },
      { path: '/app/sla-rules/:id/edit', element: <SlaRuleFormPage mode="edit" /> },
      { path: '/app/sla-rules', element: <p data-testid="landed">list</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => ['POST', 'PUT'].includes((init as RequestInit | undefined)?.method ?? ''))
    .map(([url, init]) => ({
      url: String(url),
      method: (init as RequestInit).method,
      body: JSON.parse(String((init as RequestInit).body)),
    }));

describe('SlaRuleFormPage', () => {
  it('checks a new rule with the shared schema, then sends its targets in minutes', async () => {
    const router = renderAt('/app/sla-rules/add');
    await settle();
    // The only campaign offered is chosen.
    expect(input('sla-rule-campaign').value).toBe('Soporte');
    // Every input says its priority and metric.
    expect(input('sla-target-high-resolution-hours').getAttribute('aria-label')).toBe('Alta, Resolución: Horas');

    act(() => byTestId('sla-rule-save')?.click());
    await settle();
    expect(writes()).toHaveLength(0);
    expect(byTestId('sla-targets-error')?.textContent).toBe('Indique al menos un objetivo');

    type(input('sla-rule-name'), 'Urgentes');
    type(input('sla-target-high-firstResponse-hours'), '1');
    type(input('sla-target-high-firstResponse-minutes'), '30');
    type(input('sla-target-high-resolution-minutes'), '0');
    act(() => byTestId('sla-rule-save')?.click());
    await settle();
    expect(writes()).toHaveLength(0);
    expect(byTestId('sla-targets-error')).toBeNull();
    expect(byTestId('sla-target-high-resolution-error')?.textContent).toBe(
      'Indique horas y minutos (al menos un minuto)',
    );
    expect(input('sla-target-high-resolution-hours').getAttribute('aria-invalid')).toBe('true');

    type(input('sla-target-high-resolution-hours'), '24');
    expect(byTestId('sla-target-high-resolution-error')).toBeNull();
    act(() => input('sla-rule-business-hours').click());
    act(() => byTestId('sla-rule-save')?.click());
    await settle();
    expect(writes()).toEqual([
      {
        url: '/api/v2/sla-rules',
        method: 'POST',
        body: {
          name: 'Urgentes',
          description: '',
          campaignId: 3,
          enabled: true,
          businessHours: true,
          conditions: { match: 'all', conditions: [] },
          targets: {
            low: { firstResponse: null, nextResponse: null, resolution: null },
            medium: { firstResponse: null, nextResponse: null, resolution: null },
            high: { firstResponse: 90, nextResponse: null, resolution: 1440 },
          },
        },
      },
    ]);
    expect(router.state.location.pathname).toBe('/app/sla-rules');
  });

  it('edits a rule, shows the server’s field errors at their target and lists the breaches', async () => {
    renderAt('/app/sla-rules/7/edit');
    await settle();
    expect(input('sla-rule-name').value).toBe('Urgentes');
    expect(input('sla-target-high-firstResponse-hours').value).toBe('1');
    expect(input('sla-target-high-firstResponse-minutes').value).toBe('30');
    expect(input('sla-target-medium-firstResponse-hours').value).toBe('4');
    expect(input('sla-target-low-firstResponse-hours').value).toBe('');
    expect(input('sla-rule-business-hours').checked).toBe(true);

    // The breaches: ticket link, metric, durations in words; "load more" asks for older ones.
    const records = byTestId('sla-records');
    expect(records?.textContent).toContain('Caso #1001');
    expect(byTestId('sla-record-40')?.textContent).toContain('Primera respuesta');
    expect(byTestId('sla-record-40')?.textContent).toContain('1 h 32 min');
    expect(byTestId('sla-record-40')?.textContent).toContain('35 s');
    expect(records?.querySelector('a')?.getAttribute('href')).toBe('/app/tickets/501/view');
    act(() => byTestId('sla-records-more')?.click());
    await settle();
    expect(byTestId('sla-record-39')?.textContent).toContain('Resolución');
    expect(byTestId('sla-records-more')).toBeNull();

    answerToWrite = () =>
      envelope(
        { fields: [{ field: 'targets.high.resolution', message: 'Indique horas y minutos (al menos un minuto)' }] },
        422,
        'Error',
      );
    act(() => byTestId('sla-rule-save')?.click());
    await settle();
    const [put] = writes();
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/api/v2/sla-rules/7');
    expect(put.body.targets.high).toEqual({ firstResponse: 90, nextResponse: null, resolution: 1440 });
    expect(byTestId('sla-target-high-resolution-error')?.textContent).toBe(
      'Indique horas y minutos (al menos un minuto)',
    );
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    renderAt('/app/sla-rules/add');
    await settle();
    expect(document.body.textContent).toContain('New SLA rule');
    expect(document.body.textContent).toContain('Targets by priority');
    expect(input('sla-target-low-nextResponse-minutes').getAttribute('aria-label')).toBe('Low, Next response: Minutes');
  });
});
