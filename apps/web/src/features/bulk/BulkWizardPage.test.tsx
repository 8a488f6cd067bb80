import { BULK_VARIABLES, type BulkMessage, type BulkOptions } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { BulkWizardPage } from './BulkWizardPage';
import i18n from './i18n';

// The signed-in user may add, view and run bulk messages.
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown, status = 200, message = 'OK') =>
  new Response(
    JSON.stringify({ statusResult: status < 300, status: status < 300 ? 'OK' : 'ERROR', code: 'OK', message, result }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const options: BulkOptions = {
  campaigns: [
    {
      id: 3,
      name: 'Ventas',
      channels: [
        {
          id: 11,
          name: 'WhatsApp Ventas',
          type: 'whatsapp',
          templates: [
            {
              id: 51,
              name: 'promo_noviembre',
              language: 'es',
              headerText: 'Promoción',
              body: 'Hola {{1}}, tu descuento es {{2}}',
              footer: 'Atiende',
              variables: 2,
              headerType: 'text',
              media: null,
              buttons: [{ text: 'Ver ofertas' }],
            },
          ],
        },
        { id: 12, name: 'SMS Ventas', type: 'sms', templates: [] },
        { id: 13, name: 'Correo Ventas', type: 'email', templates: [] },
      ],
    },
    { id: 4, name: 'Soporte', channels: [{ id: 21, name: 'SMS Soporte', type: 'sms', templates: [] }] },
  ],
  variables: [...BULK_VARIABLES],
};

const created = { id: 77, name: 'Promo noviembre' } as BulkMessage;

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/bulk-messages/options')) return envelope(options);
    if (url.pathname.endsWith('/bulk-messages/audience')) {
      return envelope({ recipients: 120, withoutContact: 5, optedOut: 2 });
    }
    if (url.pathname.endsWith('/bulk-messages/accounts')) {
      return envelope({
        data: [
          { customerId: 501, name: 'Ana Pérez', identificationNumber: '100', contact: '+573001112233' },
          { customerId: 502, name: 'Luis Gómez', identificationNumber: '200', contact: '+573004445566' },
        ],
        hasMore: false,
      });
    }
    if (url.pathname.endsWith('/bulk-messages') && init?.method === 'POST') return envelope(created);
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
const stepTitle = () => byTestId('bulk-step-title')?.textContent;

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function wait(ms: number) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
  await settle();
}

function type(input: HTMLInputElement | HTMLTextAreaElement | null, value: string) {
  if (!input) throw new Error('no input');
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Opens a select with the keyboard (as the e2e does) and picks one option. */
function pick(testId: string, value: string | number) {
  const combobox = byTestId(testId);
  expect(combobox, testId).not.toBeNull();
  act(() => {
    combobox?.focus();
    combobox?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  });
  const option = byTestId(`${testId}-option-${value}`);
  expect(option, `${testId}: ${value}`).not.toBeNull();
  act(() => option?.click());
}

function optionValues(testId: string): string[] {
  act(() => {
    byTestId(testId)?.focus();
    byTestId(testId)?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  });
  const values = [...document.querySelectorAll<HTMLElement>(`[data-testid^="${testId}-option-"]`)].map(
    (item) => item.dataset.testid?.replace(`${testId}-option-`, '') ?? '',
  );
  act(() => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  return values;
}

function render() {
  const router = createMemoryRouter(
    [
      { path: '/app/bulk-messaging/add', element: <BulkWizardPage /> },
      { path: '/app/bulk-messaging/:id/view', element: <p data-testid="landed">view</p> },
      { path: '/app/bulk-messaging', element: <p data-testid="landed-list">list</p> },
    ],
    { initialEntries: ['/app/bulk-messaging/add'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
  });
  return router;
}

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) }));

describe('BulkWizardPage', () => {
  it('checks each step before the next, fills the WhatsApp preview, warns before saving and saves', async () => {
    const router = render();
    await settle();
    expect(stepTitle()).toBe('Configuración básica');

    // Step 1: name, campaign and channel are required.
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración básica');
    expect(fieldOf('bulk-name')).toContain('Escriba el nombre del mensaje masivo');
    expect(fieldOf('bulk-campaign')).toContain('Elija la campaña');
    expect(fieldOf('bulk-channel')).toContain('Elija el canal');
    expect(byTestId('bulk-step-basic')?.classList.contains('Mui-error')).toBe(true);

    type(byTestId<HTMLInputElement>('bulk-name'), 'Promo noviembre');
    pick('bulk-campaign', 3);
    // Only the chosen campaign's channels are offered.
    expect(optionValues('bulk-channel')).toEqual(['11', '12', '13']);
    pick('bulk-channel', 11);
    await settle();

    // WhatsApp: an approved template is required.
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración básica');
    expect(fieldOf('bulk-template')).toContain('Elija una plantilla de WhatsApp aprobada');
    pick('bulk-template', 51);
    // Permanent: every how many hours, within range.
    click('bulk-frequency-permanent');
    type(byTestId<HTMLInputElement>('bulk-every-hours'), '0');
    click('bulk-next');
    await settle();
    expect(fieldOf('bulk-every-hours')).toContain('Entre 1 y 720 horas');
    type(byTestId<HTMLInputElement>('bulk-every-hours'), '24');
    click('bulk-next');
    await settle();

    // Step 2: one value per numbered variable, each required and with known variables only.
    expect(stepTitle()).toBe('Configuración del mensaje');
    expect(byTestId('bulk-value-1')).not.toBeNull();
    expect(byTestId('bulk-value-2')).not.toBeNull();
    expect(byTestId('bulk-value-3')).toBeNull();
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración del mensaje');
    expect(fieldOf('bulk-value-1')).toContain('Escriba el valor de esta variable');
    expect(fieldOf('bulk-value-2')).toContain('Escriba el valor de esta variable');

    // A chip inserts the variable; an unknown one is refused.
    click('bulk-value-1-variable-cliente.nombre');
    expect(byTestId<HTMLTextAreaElement>('bulk-value-1')?.value).toBe('{{cliente.nombre}}');
    type(byTestId<HTMLTextAreaElement>('bulk-value-2'), '{{agente.nombre}} 20%');
    expect(byTestId('bulk-value-2-unknown')?.textContent).toContain('agente.nombre');
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración del mensaje');
    expect(fieldOf('bulk-value-2')).toContain('El texto usa una variable que no existe');
    type(byTestId<HTMLTextAreaElement>('bulk-value-2'), '20% en {{empresa.nombre}}');

    // The preview: the template's header, body filled with the sample customer, footer.
    expect(byTestId('bulk-preview-whatsapp-header')?.textContent).toBe('Promoción');
    expect(byTestId('bulk-preview-whatsapp-body')?.textContent).toBe('Hola María, tu descuento es 20% en Atiende');
    expect(byTestId('bulk-preview-whatsapp-button-0')?.textContent).toBe('Ver ofertas');
    click('bulk-next');
    await settle();

    // Step 3: the live count, and with "selected" at least one account.
    expect(stepTitle()).toBe('Configuración de cuentas');
    await wait(600);
    expect(byTestId('bulk-audience-recipients')?.textContent).toBe('120');
    expect(byTestId('bulk-audience-without-contact')?.textContent).toBe('5');
    expect(byTestId('bulk-audience-opted-out')?.textContent).toBe('2');
    const audience = posts().find((post) => post.url.endsWith('/bulk-messages/audience'));
    expect(audience?.body).toMatchObject({ campaignId: 3, channelId: 11, accounts: { sendTo: 'all' } });

    // Conditions only offer the customer's fields; a new one starts on the customer's first name.
    click('bulk-conditions-add-condition-root');
    const field = byTestId<HTMLInputElement>('bulk-conditions-field-0');
    act(() => {
      field?.focus();
      field?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    const fields = [...document.querySelectorAll<HTMLElement>('li[data-field]')].map((item) => item.dataset.field);
    expect(fields.length).toBeGreaterThan(3);
    expect(fields.every((name) => name?.startsWith('customer.'))).toBe(true);
    act(() => field?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    type(byTestId<HTMLInputElement>('bulk-conditions-value-0'), 'Ana');

    click('bulk-send-to-selected');
    await wait(600);
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración de cuentas');
    expect(byTestId('bulk-accounts-error')?.textContent).toBe('Seleccione al menos una cuenta');
    expect(byTestId('bulk-account-501')).not.toBeNull();
    click('bulk-account-501');
    expect(byTestId('bulk-accounts-selected')?.textContent).toContain('1 cuenta seleccionada');
    // The accounts listed to choose from are every matching one.
    const listed = posts().find((post) => post.url.endsWith('/bulk-messages/accounts'));
    expect(listed?.body).toMatchObject({ campaignId: 3, channelId: 11, sizePerPage: 25 });
    expect(listed?.body.accounts.conditions.conditions[0]).toMatchObject({ field: 'customer.firstName', value: 'Ana' });
    click('bulk-next');
    await settle();

    // Step 4: the summary and the spec's warning.
    expect(stepTitle()).toBe('Revisar datos');
    expect(byTestId('bulk-warning')?.textContent).toContain('no se puede modificar después de guardarlo');
    expect(byTestId('bulk-summary-name')?.textContent).toBe('Promo noviembre');
    expect(byTestId('bulk-summary-template')?.textContent).toBe('promo_noviembre (es)');
    expect(byTestId('bulk-summary-frequency')?.textContent).toContain('cada 24 horas');
    expect(byTestId('bulk-summary-send-to')?.textContent).toBe('1 cuenta seleccionada');

    click('bulk-save');
    await settle();
    const saved = posts().find((post) => post.url.endsWith('/api/v2/bulk-messages'));
    expect(saved?.body).toEqual({
      name: 'Promo noviembre',
      campaignId: 3,
      channelId: 11,
      whatsappTemplateId: 51,
      templateValues: ['{{cliente.nombre}}', '20% en {{empresa.nombre}}'],
      subject: null,
      message: null,
      activeTickets: false,
      frequency: { kind: 'permanent', everyHours: 24 },
      accounts: {
        conditions: {
          match: 'all',
          conditions: [{ field: 'customer.firstName', operator: 'equals', type: 'text', value: 'Ana' }],
        },
        campaignAccountsOnly: false,
        sendTo: 'selected',
        customerIds: [501],
      },
    });
    expect(router.state.location.pathname).toBe('/app/bulk-messaging/77/view');
    // The snackbar's code loads with its first message.
    for (let i = 0; i < 40 && !document.body.textContent?.includes('guardado'); i++) await wait(50);
    expect(document.body.textContent).toContain('Mensaje masivo «Promo noviembre» guardado');
  }, 30_000);

  it('asks SMS for its text with the segments it takes, e-mail for a subject too', async () => {
    render();
    await settle();
    type(byTestId<HTMLInputElement>('bulk-name'), 'Aviso');
    pick('bulk-campaign', 3);
    pick('bulk-channel', 12);
    expect(byTestId('bulk-template')).toBeNull();
    expect(byTestId('bulk-subject')).toBeNull();
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración del mensaje');
    click('bulk-next');
    await settle();
    expect(fieldOf('bulk-message')).toContain('Escriba el mensaje');

    type(byTestId<HTMLTextAreaElement>('bulk-message'), 'Pedido de {{cliente.documento}} listo.');
    expect(byTestId('bulk-preview-body')?.textContent).toBe('Pedido de 1020304050 listo.');
    expect(byTestId('bulk-preview-segments')?.dataset.segments).toBe('1');
    expect(byTestId('bulk-preview-segments')?.textContent).toContain('GSM-7');
    // An accent GSM-7 lacks: the text goes as UCS-2.
    type(byTestId<HTMLTextAreaElement>('bulk-message'), 'Su pedido está listo');
    expect(byTestId('bulk-preview-segments')?.textContent).toContain('UCS-2');
    type(byTestId<HTMLTextAreaElement>('bulk-message'), 'x'.repeat(200));
    expect(byTestId('bulk-preview-segments')?.dataset.segments).toBe('2');

    // E-mail: back to the first step, the subject is required there.
    click('bulk-back');
    pick('bulk-channel', 13);
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración básica');
    expect(fieldOf('bulk-subject')).toContain('Escriba el asunto del correo');
    type(byTestId<HTMLInputElement>('bulk-subject'), 'Novedades para {{cliente.nombre}}');
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Configuración del mensaje');
    expect(byTestId('bulk-preview-subject')?.textContent).toBe('Novedades para María');
    expect(byTestId('bulk-preview-body')?.textContent).toBe('x'.repeat(200));
  }, 15_000);

  it('shows the server’s field errors on the step that holds them', async () => {
    render();
    await settle();
    type(byTestId<HTMLInputElement>('bulk-name'), 'Aviso');
    pick('bulk-campaign', 4);
    pick('bulk-channel', 21);
    click('bulk-next');
    await settle();
    type(byTestId<HTMLTextAreaElement>('bulk-message'), 'Hola');
    click('bulk-next');
    await settle();
    click('bulk-next');
    await settle();
    expect(stepTitle()).toBe('Revisar datos');
    fetchMock.mockImplementationOnce(async () =>
      envelope({ fields: [{ field: 'message', message: 'El texto no puede enviarse por SMS' }] }, 422, 'Revise'),
    );
    click('bulk-save');
    await settle();
    expect(stepTitle()).toBe('Configuración del mensaje');
    expect(fieldOf('bulk-message')).toContain('El texto no puede enviarse por SMS');
  }, 15_000);
});
