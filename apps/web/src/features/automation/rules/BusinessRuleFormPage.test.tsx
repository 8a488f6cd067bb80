import type { BusinessRule, RuleExecution } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { BusinessRuleFormPage } from './BusinessRuleFormPage';

const envelope = (result: unknown, status = 200, message = 'OK') =>
  new Response(
    JSON.stringify({ statusResult: status < 300, status: status < 300 ? 'OK' : 'ERROR', code: 'OK', message, result }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const campaigns = [{ id: 3, name: 'Soporte' }];
const campaignOptions = {
  campaigns,
  users: [{ id: 4, name: 'Andrea Gómez' }],
  ticketTypes: [],
  labels: [],
  channels: [],
  formFields: [],
};

const saved: BusinessRule = {
  id: 12,
  name: 'Avisar urgentes',
  description: 'Llama al webhook',
  campaign: { id: 3, name: 'Soporte' },
  enabled: true,
  kind: 'trigger',
  triggerEvent: 'messageReceived',
  everyMinutes: null,
  conditions: {
    match: 'all',
    conditions: [{ field: 'message.text', operator: 'contains', type: 'text', value: 'urgente' }],
  },
  actions: [
    { type: 'setPriority', priority: 2 },
    { type: 'webhook', url: 'https://hooks.example.com/a', timeoutSeconds: 5, hasSecret: true },
  ],
  lastRunAt: '2026-11-25T09:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const execution: RuleExecution = {
  id: 70,
  rule: { id: 12, name: 'Avisar urgentes' },
  ticket: { id: 501, number: 1001 },
  trigger: 'messageReceived',
  status: 'failed',
  actions: [
    { type: 'setPriority', outcome: 'done', detail: null },
    { type: 'webhook', outcome: 'failed', detail: 'HTTP 500' },
  ],
  detail: null,
  createdAt: '2026-11-25T09:00:00.000Z',
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
    if (url.pathname.endsWith('/automation/options')) {
      return envelope(url.searchParams.get('campaignId') ? campaignOptions : { ...campaignOptions, users: [] });
    }
    if (url.pathname.endsWith('/business-rules/12/executions')) return envelope({ data: [execution], hasMore: false });
    if (url.pathname.endsWith('/business-rules/12')) return envelope(saved);
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

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/business-rules/add', element: <BusinessRuleFormPage mode="create" /> },
      { path: '/app/business-rules/:id/edit', element: <BusinessRuleFormPage mode="edit" /> },
      { path: '/app/business-rules', element: <p data-testid="landed">list</p> },
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

describe('BusinessRuleFormPage', () => {
  it('checks a new rule with the shared schema, then sends it', async () => {
    const router = renderAt('/app/business-rules/add');
    await settle();
    // The only campaign offered is chosen.
    expect(byTestId<HTMLInputElement>('rule-campaign')?.value).toBe('Soporte');

    act(() => byTestId('rule-save')?.click());
    await settle();
    expect(writes()).toHaveLength(0);
    expect(byTestId('rule-name')?.closest('.MuiFormControl-root')?.textContent).toContain(
      'Escriba el nombre de la regla',
    );
    expect(byTestId('rule-actions-error')?.textContent).toBe('Agregue al menos una acción');

    type(byTestId<HTMLInputElement>('rule-name') as HTMLInputElement, 'Cerrar spam');
    act(() => byTestId('rule-action-add')?.click());
    act(() => byTestId('rule-action-add-close')?.click());
    expect(byTestId('rule-action-0')?.textContent).toContain('Acción 1: Cerrar el caso');
    act(() => byTestId('rule-conditions-add-condition-root')?.click());
    expect(byTestId('rule-conditions-condition-0')).not.toBeNull();
    // The new condition's value is still to choose: refused at the condition.
    act(() => byTestId('rule-save')?.click());
    await settle();
    expect(writes()).toHaveLength(0);
    expect(byTestId('rule-conditions-condition-0')?.textContent).toContain('Elija uno de los valores ofrecidos');
    act(() => byTestId('rule-conditions-remove-0')?.click());

    act(() => byTestId('rule-save')?.click());
    await settle();
    expect(writes()).toEqual([
      {
        url: '/api/v2/business-rules',
        method: 'POST',
        body: {
          name: 'Cerrar spam',
          description: '',
          campaignId: 3,
          enabled: true,
          kind: 'trigger',
          triggerEvent: 'ticketCreated',
          everyMinutes: null,
          conditions: { match: 'all', conditions: [] },
          actions: [{ type: 'close' }],
        },
      },
    ]);
    expect(router.state.location.pathname).toBe('/app/business-rules');
  });

  it('edits a rule keeping its webhook secret, shows the server’s field errors and the executions', async () => {
    renderAt('/app/business-rules/12/edit');
    await settle();
    expect(byTestId<HTMLInputElement>('rule-name')?.value).toBe('Avisar urgentes');
    expect(byTestId('rule-action-1')?.textContent).toContain('Guardado — déjalo vacío para conservarlo.');
    expect(byTestId('rule-executions')?.textContent).toContain('Caso #1001');
    expect(byTestId('rule-execution-actions-70')?.textContent).toContain('HTTP 500');
    expect(byTestId('rule-execution-status-70')?.textContent).toBe('Con errores');

    answerToWrite = () =>
      envelope({ fields: [{ field: 'actions.1.url', message: 'No se permite llamar a esa dirección' }] }, 422, 'Error');
    act(() => byTestId('rule-save')?.click());
    await settle();
    const [put] = writes();
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/api/v2/business-rules/12');
    expect(put.body.actions).toEqual([
      { type: 'setPriority', priority: 2 },
      { type: 'webhook', url: 'https://hooks.example.com/a', timeoutSeconds: 5 },
    ]);
    expect(byTestId('rule-action-1-url')?.closest('.MuiFormControl-root')?.textContent).toContain(
      'No se permite llamar a esa dirección',
    );

    // Another address loses the saved secret (the server keeps it per address): the field says so.
    type(byTestId<HTMLInputElement>('rule-action-1-url') as HTMLInputElement, 'https://hooks.example.com/b');
    expect(byTestId('rule-action-1')?.textContent).toContain('El secreto guardado era para la dirección anterior');
    type(byTestId<HTMLInputElement>('rule-action-1-url') as HTMLInputElement, 'https://hooks.example.com/a');

    // A new secret is sent; the move buttons reorder the actions.
    type(byTestId<HTMLInputElement>('rule-action-1-secret') as HTMLInputElement, 'a-brand-new-secret-value');
    act(() => byTestId('rule-action-1-up')?.click());
    answerToWrite = (body) => envelope({ ...saved, ...(body as object) });
    act(() => byTestId('rule-save')?.click());
    await settle();
    expect(writes()[1].body.actions).toEqual([
      { type: 'webhook', url: 'https://hooks.example.com/a', timeoutSeconds: 5, secret: 'a-brand-new-secret-value' },
      { type: 'setPriority', priority: 2 },
    ]);
  });
});
