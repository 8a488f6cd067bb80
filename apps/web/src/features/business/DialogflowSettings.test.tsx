import type { Business } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../core/i18n';
import { waitUntil } from '../../test/dom';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { BusinessProfilePage } from './BusinessProfilePage';

const permissions = vi.hoisted(() => ({ canEdit: true }));
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({
    granted: new Set(),
    roles: [],
    isAgent: false,
    can: (required: string) => required === 'editar-perfil-empresa' && permissions.canEdit,
    ready: true,
  }),
}));

const envelope = (result: unknown, status = 200, message = 'm') =>
  new Response(
    JSON.stringify({
      statusResult: status < 300,
      status: status < 300 ? 'OK' : 'ERROR',
      code: status < 300 ? 'OK' : 'VALIDATION',
      message,
      result,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const NOT_CONFIGURED = { configured: false, projectId: null, clientEmail: null, apiBaseUrl: null };
const CONFIGURED = {
  configured: true,
  projectId: 'tienda-bot-123',
  clientEmail: 'bot@tienda-bot-123.iam.gserviceaccount.com',
  apiBaseUrl: 'https://europe-west1-dialogflow.googleapis.com',
};

const business = (dialogflow: Business['dialogflow']): Business => ({
  id: 1,
  nombre: 'Atiende',
  identificationType: null,
  identificationNumber: null,
  address: null,
  city: null,
  phone: null,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  logo: null,
  theme: 'blue',
  integraciones: [],
  configuracion: {
    sound_notifications: true,
    internal_chat: true,
    navbar_logo_display: true,
    navbar_logo_size: 40,
    webrtc_enabled: false,
    janus_enabled: false,
    mfa: false,
    inactivity_timeout: 2,
    advanced_search: true,
    time_zone: 'America/Bogota',
    opt_out_words: ['STOP'],
  },
  dialogflow,
});

const KEY = JSON.stringify({
  type: 'service_account',
  project_id: 'tienda-bot-123',
  client_email: 'bot@tienda-bot-123.iam.gserviceaccount.com',
  private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(120)}\n-----END PRIVATE KEY-----\n`,
});

let root: Root | null = null;
let container: HTMLDivElement;
let stored: Business;
let putAnswer: (body: Record<string, unknown>) => Response;
const fetchMock = vi.fn();
const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);
const puts = () =>
  fetchMock.mock.calls
    .filter((call) => (call[1] as RequestInit | undefined)?.method === 'PUT')
    .map((call) => ({
      path: new URL(String(call[0]), 'http://localhost').pathname,
      body: JSON.parse(String((call[1] as RequestInit).body)),
    }));

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(testId: string, value: string) {
  const input = byTestId<HTMLInputElement | HTMLTextAreaElement>(testId) as HTMLInputElement | HTMLTextAreaElement;
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const section = () => byTestId('business-dialogflow')?.textContent ?? '';

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  permissions.canEdit = true;
  stored = business(NOT_CONFIGURED);
  putAnswer = (body) => {
    stored = business(
      body.remove
        ? NOT_CONFIGURED
        : { ...CONFIGURED, apiBaseUrl: (body.apiBaseUrl as string | null | undefined) ?? null },
    );
    return envelope(stored);
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/empresa/dialogflow') && init?.method === 'PUT') {
      return putAnswer(JSON.parse(String(init.body)));
    }
    if (url.pathname.endsWith('/empresa')) return envelope(stored);
    if (url.pathname.endsWith('/audit')) return envelope([]);
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

function render() {
  const router = createMemoryRouter([{ path: '/app/business-profile', element: <BusinessProfilePage /> }], {
    initialEntries: ['/app/business-profile'],
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

describe('Dialogflow settings in the business profile', () => {
  it('saves a pasted key, then shows whose key is stored and empties the field', async () => {
    render();
    await settle();
    expect(section()).toContain('Dialogflow para los bots');
    expect(section()).toContain('Los nodos «Dialogflow» de los bots entienden lo que escribe el cliente');
    expect(byTestId('dialogflow-status')?.textContent).toBe('Sin configurar');
    expect(byTestId<HTMLButtonElement>('dialogflow-remove')?.disabled).toBe(true);
    // Its own form, outside the profile's.
    expect(byTestId('business-form')?.contains(byTestId('dialogflow-form'))).toBe(false);

    // No key stored and none pasted: refused on the spot; then a text that is not a key.
    act(() => byTestId('dialogflow-save')?.click());
    await settle();
    expect(section()).toContain('Pegue la clave JSON de la cuenta de servicio');
    type('dialogflow-credentials', '{"type": "authorized_user"}');
    act(() => byTestId('dialogflow-save')?.click());
    await settle();
    expect(section()).toContain('Pegue la clave JSON completa de una cuenta de servicio de Google');
    expect(puts()).toEqual([]);

    type('dialogflow-credentials', KEY);
    type('dialogflow-api-base-url', 'https://europe-west1-dialogflow.googleapis.com');
    act(() => byTestId('dialogflow-save')?.click());
    await settle();
    expect(puts()).toEqual([
      {
        path: '/api/v2/empresa/dialogflow',
        body: { credentials: KEY, apiBaseUrl: 'https://europe-west1-dialogflow.googleapis.com' },
      },
    ]);
    // The success message: the snackbar's code loads with the first message, in its own time.
    await waitUntil(() => document.body.textContent?.includes('Dialogflow guardado') ?? false);
    expect(byTestId('dialogflow-status')?.textContent).toBe(
      'Hay una clave guardada (proyecto tienda-bot-123, bot@tienda-bot-123.iam.gserviceaccount.com). Déjelo vacío para conservarla.',
    );
    expect(byTestId<HTMLTextAreaElement>('dialogflow-credentials')?.value).toBe('');
    expect(byTestId<HTMLInputElement>('dialogflow-api-base-url')?.value).toBe(
      'https://europe-west1-dialogflow.googleapis.com',
    );

    // With a key stored, an empty field keeps it: only the address is sent.
    type('dialogflow-api-base-url', '');
    act(() => byTestId('dialogflow-save')?.click());
    await settle();
    expect(puts()[1].body).toEqual({ apiBaseUrl: null });
  });

  it("maps the server's 422 to the fields", async () => {
    stored = business(CONFIGURED);
    putAnswer = () =>
      envelope(
        {
          fields: [
            { field: 'credentials', message: 'La clave privada no se puede leer' },
            { field: 'apiBaseUrl', message: 'Esa dirección no está permitida para Dialogflow' },
          ],
        },
        422,
        'Revise los datos',
      );
    render();
    await settle();
    expect(byTestId<HTMLInputElement>('dialogflow-api-base-url')?.value).toBe(CONFIGURED.apiBaseUrl);
    type('dialogflow-credentials', KEY);
    type('dialogflow-api-base-url', 'http://localhost:9/');
    act(() => byTestId('dialogflow-save')?.click());
    await settle();
    expect(document.body.textContent).toContain('Revise los datos');
    expect(byTestId('dialogflow-credentials')?.getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('dialogflow-api-base-url')?.getAttribute('aria-invalid')).toBe('true');
    expect(section()).toContain('La clave privada no se puede leer');
    expect(section()).toContain('Esa dirección no está permitida para Dialogflow');
  });

  it('removes the key after confirming', async () => {
    await i18n.changeLanguage('en');
    stored = business(CONFIGURED);
    render();
    await settle();
    expect(byTestId('dialogflow-status')?.textContent).toContain('A key is stored (project tienda-bot-123');
    act(() => byTestId('dialogflow-remove')?.click());
    await settle();
    expect(byTestId('confirm-dialog')?.textContent).toContain('Remove the Dialogflow key');
    act(() => byTestId('confirm-accept')?.click());
    await settle();
    expect(puts()).toEqual([{ path: '/api/v2/empresa/dialogflow', body: { remove: true } }]);
    expect(document.body.textContent).toContain('Dialogflow key removed');
    expect(byTestId('dialogflow-status')?.textContent).toBe('Not configured');
    expect(byTestId<HTMLInputElement>('dialogflow-api-base-url')?.value).toBe('');
  });

  it('shows the status only to who may not edit the profile', async () => {
    permissions.canEdit = false;
    stored = business(CONFIGURED);
    render();
    await settle();
    expect(byTestId('dialogflow-status')?.textContent).toContain('proyecto tienda-bot-123');
    expect(byTestId('dialogflow-credentials')).toBeNull();
    expect(byTestId('dialogflow-save')).toBeNull();
    expect(byTestId('dialogflow-remove')).toBeNull();
    expect(byTestId<HTMLInputElement>('dialogflow-api-base-url')?.disabled).toBe(true);
  });
});
