import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from './i18n';
import { WhatsappTemplateFormPage } from './WhatsappTemplateFormPage';

const envelope = (result: unknown, status = 200) =>
  new Response(JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const channel = { id: 4, name: 'WhatsApp ventas', type: 'whatsapp' };

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (String(url).includes('/channels')) return envelope({ data: [channel], total: 1, page: 1, sizePerPage: 100 });
    if (init?.method === 'POST') return envelope({ id: 9, ...JSON.parse(String(init.body)) }, 201);
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
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/app/whatsapp-templates/add', element: <WhatsappTemplateFormPage /> },
      { path: '/app/whatsapp-templates/:id/view', element: <p data-testid="landed">view</p> },
    ],
    { initialEntries: ['/app/whatsapp-templates/add'] },
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

const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('WhatsappTemplateFormPage', () => {
  it('derives the example inputs from the body, previews the bubble live and sends after the confirmation', async () => {
    const router = renderForm();
    await settle();
    // The only WhatsApp channel is chosen already.
    expect(byTestId<HTMLInputElement>('wa-template-channel')?.value).toBe('4');

    type(byTestId<HTMLInputElement>('wa-template-name') as HTMLInputElement, 'Confirmación Pedido');
    expect(byTestId<HTMLInputElement>('wa-template-name')?.value).toBe('confirmacion_pedido');

    type(byTestId<HTMLTextAreaElement>('wa-template-body') as HTMLTextAreaElement, 'Hola {{1}}, tu pedido {{2}}');
    expect(byTestId('wa-template-example-1')).not.toBeNull();
    expect(byTestId('wa-template-example-2')).not.toBeNull();
    expect(byTestId('wa-template-preview-body')?.textContent).toBe('Hola {{1}}, tu pedido {{2}}');
    expect(byTestId('wa-template-insert-variable')?.textContent).toBe('Agregar variable {{3}}');

    type(byTestId<HTMLInputElement>('wa-template-example-1') as HTMLInputElement, 'María');
    expect(byTestId('wa-template-preview-body')?.textContent).toBe('Hola María, tu pedido {{2}}');

    // The shared schema checks the form first: the second example is missing, nothing is sent.
    act(() => byTestId('wa-template-submit')?.click());
    await settle();
    expect(posts()).toHaveLength(0);
    expect(byTestId('confirm-dialog')).toBeNull();
    const example2 = byTestId('wa-template-example-2')?.closest('.MuiFormControl-root');
    expect(example2?.textContent).toContain('Este campo es obligatorio');

    // Dropping {{2}} from the body drops its input too.
    type(byTestId<HTMLTextAreaElement>('wa-template-body') as HTMLTextAreaElement, 'Hola {{1}}, tu pedido llegó');
    expect(byTestId('wa-template-example-2')).toBeNull();

    act(() => byTestId('wa-template-submit')?.click());
    await settle();
    expect(byTestId('confirm-dialog')?.textContent).toContain('no se puede editar');
    expect(posts()).toHaveLength(0);

    act(() => byTestId('confirm-accept')?.click());
    await settle();
    expect(posts()).toHaveLength(1);
    const [url, init] = posts()[0];
    expect(String(url)).toMatch(/\/api\/v2\/whatsapp-templates$/);
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      channelId: 4,
      name: 'confirmacion_pedido',
      category: 'UTILITY',
      language: 'es',
      headerType: 'none',
      body: 'Hola {{1}}, tu pedido llegó',
      examples: ['María'],
      buttonsType: 'none',
      buttons: [],
    });
    expect(router.state.location.pathname).toBe('/app/whatsapp-templates/9/view');
  });

  it('puts the server’s field errors on their fields and keeps Meta’s refusal on the form', async () => {
    renderForm();
    await settle();
    type(byTestId<HTMLInputElement>('wa-template-name') as HTMLInputElement, 'aviso');
    type(byTestId<HTMLTextAreaElement>('wa-template-body') as HTMLTextAreaElement, 'Hola');
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            statusResult: false,
            status: 'ERROR',
            code: 'WHATSAPP_TEMPLATE.DUPLICATE',
            message: 'Ya existe',
            result: { fields: [{ field: 'name', message: 'Ya existe una plantilla con ese nombre' }] },
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    );
    act(() => byTestId('wa-template-submit')?.click());
    await settle();
    act(() => byTestId('confirm-accept')?.click());
    await settle();
    expect(byTestId('wa-template-name')?.closest('.MuiFormControl-root')?.textContent).toContain(
      'Ya existe una plantilla con ese nombre',
    );
    expect(byTestId('wa-template-submit-error')).toBeNull();

    fetchMock.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            statusResult: false,
            status: 'ERROR',
            code: 'WHATSAPP_TEMPLATE.REFUSED',
            message: 'Meta rechazó la plantilla: contenido no permitido',
            result: null,
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    );
    act(() => byTestId('wa-template-submit')?.click());
    await settle();
    act(() => byTestId('confirm-accept')?.click());
    await settle();
    expect(byTestId('wa-template-submit-error')?.textContent).toBe('Meta rechazó la plantilla: contenido no permitido');
  });
});
