import type { Segmentation } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { SegmentationFormPage } from './SegmentationFormPage';

// The signed-in user manages segmentations.
vi.mock('../../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown, status = 200, message = 'OK') =>
  new Response(
    JSON.stringify({ statusResult: status < 300, status: status < 300 ? 'OK' : 'ERROR', code: 'OK', message, result }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const campaigns = [
  { id: 3, name: 'Soporte' },
  { id: 4, name: 'Escalamiento' },
  { id: 5, name: 'Ventas' },
];
const baseOptions = {
  campaigns,
  users: [{ id: 9, name: 'Andrea Gómez' }],
  ticketTypes: [],
  labels: [],
  channels: [],
  formFields: [{ key: 'motivo', label: 'Motivo', type: 'list', options: ['Queja', 'Consulta'] }],
};

const saved: Segmentation = {
  id: 8,
  name: 'Reparto de reclamos',
  description: 'Por prioridad',
  baseCampaign: { id: 3, name: 'Soporte' },
  kind: 'automation',
  triggerWhen: null,
  startTime: '2026-11-27T08:00:00.000Z',
  frequencyHours: 6,
  enabled: true,
  segments: [
    {
      id: 21,
      name: 'Quejas',
      destinationCampaign: { id: 4, name: 'Escalamiento' },
      conditions: {
        match: 'all',
        conditions: [{ field: 'form.motivo', operator: 'equals', type: 'text', value: 'Queja' }],
      },
    },
    {
      id: 22,
      name: 'Antiguos',
      // A campaign the caller no longer manages stays named.
      destinationCampaign: { id: 7, name: 'Archivo' },
      conditions: { match: 'all', conditions: [] },
    },
  ],
  nextRunAt: null,
  lastRunAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();
let answerToWrite: (body: unknown) => Response = () => envelope(saved, 201);

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  answerToWrite = (body) => envelope({ ...saved, ...(body as object) }, 201);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' || init?.method === 'PUT') return answerToWrite(JSON.parse(String(init.body)));
    if (init?.method === 'DELETE') return envelope(null);
    if (url.pathname.endsWith('/segmentations/options')) {
      return envelope(url.searchParams.get('campaignId') === '3' ? baseOptions : { ...baseOptions, formFields: [] });
    }
    if (url.pathname.endsWith('/segmentations/8')) return envelope(saved);
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
const fieldOf = (id: string) => byTestId(id)?.closest('.MuiFormControl-root')?.textContent ?? '';
const click = (id: string) => act(() => byTestId(id)?.click());

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

/** The names an autocomplete offers once opened. */
function openOptions(testId: string): HTMLElement[] {
  const input = byTestId<HTMLInputElement>(testId) as HTMLInputElement;
  act(() => {
    input.focus();
    // Opens the list (and keeps an open one open).
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  });
  return [...document.querySelectorAll<HTMLElement>('[role="option"]')];
}

function choose(testId: string, name: string) {
  const option = openOptions(testId).find((item) => item.textContent === name);
  expect(option, `${testId}: ${name}`).toBeDefined();
  act(() => option?.click());
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/segmentation/add', element: <SegmentationFormPage mode="create" /> },
      { path: '/app/segmentation/:id/edit', element: <SegmentationFormPage mode="edit" /> },
      { path: '/app/segmentation', element: <p data-testid="landed">list</p> },
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
    .filter(([, init]) => ['POST', 'PUT', 'DELETE'].includes((init as RequestInit | undefined)?.method ?? ''))
    .map(([url, init]) => ({
      url: String(url),
      method: (init as RequestInit).method,
      body: (init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined,
    }));

describe('SegmentationFormPage', () => {
  it('checks a new segmentation with the shared schema, then sends its ordered segments', async () => {
    const router = renderAt('/app/segmentation/add');
    await settle();
    // One segment to fill in; the note says the first match wins.
    expect(byTestId('segment-0')).not.toBeNull();
    expect(byTestId('segmentation-first-match')?.textContent).toContain('primer segmento');

    click('segmentation-save');
    await settle();
    expect(writes()).toHaveLength(0);
    expect(fieldOf('segmentation-name')).toContain('Escriba el nombre de la segmentación');
    expect(fieldOf('segmentation-base')).toContain('Elija un elemento de la lista');
    expect(fieldOf('segment-0-name')).toContain('Escriba el nombre del segmento');
    expect(fieldOf('segment-0-destination')).toContain('Elija un elemento de la lista');

    type(byTestId<HTMLInputElement>('segmentation-name') as HTMLInputElement, 'Reparto');
    choose('segmentation-base', 'Soporte');
    await settle();
    // The base campaign is not a destination.
    expect(openOptions('segment-0-destination').map((option) => option.textContent)).toEqual([
      'Escalamiento',
      'Ventas',
    ]);
    choose('segment-0-destination', 'Escalamiento');
    type(byTestId<HTMLInputElement>('segment-0-name') as HTMLInputElement, 'Quejas');
    expect(byTestId('segment-0')?.querySelector('h3')?.textContent).toBe('Segmento 1: Quejas');

    // A condition whose value is still to choose is refused at the condition.
    click('segment-0-conditions-add-condition-root');
    click('segmentation-save');
    await settle();
    expect(writes()).toHaveLength(0);
    expect(byTestId('segment-0-conditions-condition-0')?.textContent).toContain('Elija uno de los valores ofrecidos');
    click('segment-0-conditions-remove-0');

    click('segment-add');
    // The new segment's name takes the focus; a moved segment keeps it on its move button.
    expect(document.activeElement).toBe(byTestId('segment-1-name'));
    type(byTestId<HTMLInputElement>('segment-1-name') as HTMLInputElement, 'Resto');
    choose('segment-1-destination', 'Ventas');
    // "Resto" first: the move buttons reorder the segments.
    click('segment-1-up');
    expect(document.activeElement).toBe(byTestId('segment-0-down'));
    expect(byTestId('segment-0')?.querySelector('h3')?.textContent).toBe('Segmento 1: Resto');

    click('segmentation-save');
    await settle();
    expect(writes()).toEqual([
      {
        url: '/api/v2/segmentations',
        method: 'POST',
        body: {
          name: 'Reparto',
          description: '',
          baseCampaignId: 3,
          kind: 'trigger',
          triggerWhen: 'ticketUpdated',
          startTime: null,
          frequencyHours: null,
          enabled: true,
          segments: [
            { name: 'Resto', destinationCampaignId: 5, conditions: { match: 'all', conditions: [] } },
            { name: 'Quejas', destinationCampaignId: 4, conditions: { match: 'all', conditions: [] } },
          ],
        },
      },
    ]);
    expect(router.state.location.pathname).toBe('/app/segmentation');
  });

  it('edits a segmentation, shows the server’s errors at their segment and deletes it after confirming', async () => {
    const router = renderAt('/app/segmentation/8/edit');
    await settle();
    expect(byTestId<HTMLInputElement>('segmentation-name')?.value).toBe('Reparto de reclamos');
    expect(byTestId<HTMLInputElement>('segmentation-base')?.value).toBe('Soporte');
    expect(byTestId<HTMLInputElement>('segmentation-frequencyHours')?.value).toBe('6');
    expect(byTestId<HTMLInputElement>('segment-1-destination')?.value).toBe('Archivo');
    // The conditions offer the base campaign's form fields.
    expect(byTestId<HTMLInputElement>('segment-0-conditions-field-0')?.value).toBe('Campos del formulario · Motivo');

    answerToWrite = () =>
      envelope(
        {
          fields: [
            { field: 'segments.0.conditions.conditions.0.value', message: 'Elija uno de los valores ofrecidos' },
            { field: 'segments.1.destinationCampaignId', message: 'No gestiona esa campaña' },
          ],
        },
        422,
        'Error',
      );
    click('segmentation-save');
    await settle();
    const [put] = writes();
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/api/v2/segmentations/8');
    expect(put.body).toMatchObject({
      kind: 'automation',
      triggerWhen: null,
      frequencyHours: 6,
      segments: [{ destinationCampaignId: 4 }, { destinationCampaignId: 7 }],
    });
    expect(new Date(put.body.startTime).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(byTestId('segment-0-conditions-condition-0')?.textContent).toContain('Elija uno de los valores ofrecidos');
    expect(fieldOf('segment-1-destination')).toContain('No gestiona esa campaña');

    // A schedule needs its frequency: the field says so.
    type(byTestId<HTMLInputElement>('segmentation-frequencyHours') as HTMLInputElement, '');
    click('segmentation-save');
    await settle();
    expect(fieldOf('segmentation-frequencyHours')).toContain('Indique cada cuántas horas se ejecuta');
    expect(writes()).toHaveLength(1);

    click('segmentation-delete');
    expect(byTestId('confirm-dialog')?.textContent).toContain('«Reparto de reclamos»');
    click('confirm-accept');
    await settle();
    expect(writes().at(-1)).toMatchObject({ url: '/api/v2/segmentations/8', method: 'DELETE' });
    expect(router.state.location.pathname).toBe('/app/segmentation');
  });
});
