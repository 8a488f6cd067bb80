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
const UPLOADED_KEY = 'plantillas-whatsapp/0123456789abcdef01234567.png';

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (String(url).includes('/channels')) return envelope({ data: [channel], total: 1, page: 1, sizePerPage: 100 });
    if (String(url).includes('/whatsapp-templates/media')) {
      const file =
        (init as RequestInit).body instanceof FormData
          ? (((init as RequestInit).body as FormData).get('file') as File)
          : new File([], 'x');
      return envelope({ key: UPLOADED_KEY, filename: file.name, contentType: file.type, size: file.size }, 201);
    }
    if (init?.method === 'POST') return envelope({ id: 9, ...JSON.parse(String(init.body)) }, 201);
    return envelope(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:local-preview');
  URL.revokeObjectURL = vi.fn();
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

const posts = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      (init as RequestInit | undefined)?.method === 'POST' && !String(url).includes('/whatsapp-templates/media'),
  );
const uploads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/whatsapp-templates/media'));
const sentBody = () => JSON.parse(String((posts()[0][1] as RequestInit).body));

/** Opens a select (its hidden input has the test id) and picks the option with this text. */
function choose(testId: string, name: string) {
  const combobox = byTestId(testId)?.parentElement?.querySelector<HTMLElement>('[role="combobox"]');
  act(() => {
    combobox?.focus();
    combobox?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  });
  const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (item) => item.textContent === name,
  );
  expect(option, `${testId}: ${name}`).toBeDefined();
  act(() => option?.click());
}

const click = (testId: string) => act(() => byTestId(testId)?.click());
const fieldText = (testId: string) => byTestId(testId)?.closest('.MuiFormControl-root')?.textContent ?? '';

function pickFile(file: File) {
  const input = byTestId<HTMLInputElement>('wa-template-file') as HTMLInputElement;
  act(() => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

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
      type: 'template',
      category: 'UTILITY',
      language: 'es',
      headerType: 'none',
      body: 'Hola {{1}}, tu pedido llegó',
      examples: ['María'],
      buttonsType: 'none',
      buttons: [],
      quickReplies: [],
      replyButtons: [],
      sections: [],
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

  it('offers the type select with the fields of each type; a text template saves its quick replies at once', async () => {
    const router = renderForm();
    await settle();
    const typeInput = byTestId('wa-template-type');
    const label = document.getElementById(
      typeInput?.parentElement?.querySelector('[role="combobox"]')?.getAttribute('aria-labelledby') ?? '',
    );
    expect(label?.textContent).toContain('Tipo');
    expect(byTestId('wa-template-submit')?.textContent).toBe('Enviar a Meta');

    choose('wa-template-type', 'Texto');
    expect(byTestId('wa-template-category')).toBeNull();
    expect(byTestId('wa-template-buttons')).toBeNull();
    expect(byTestId('wa-template-headerType')).toBeNull();
    expect(byTestId('wa-template-submit')?.textContent).toBe('Guardar');
    expect(byTestId('wa-template-quickReplies-count')?.textContent).toBe('0/15');

    type(byTestId<HTMLInputElement>('wa-template-name') as HTMLInputElement, 'menu');
    type(byTestId<HTMLTextAreaElement>('wa-template-body') as HTMLTextAreaElement, '¿En qué te ayudamos?');
    for (let index = 0; index < 4; index++) {
      click('wa-template-quickReplies-add');
      type(byTestId<HTMLInputElement>(`wa-template-quickReplies-${index}`) as HTMLInputElement, `Opción ${index + 1}`);
      if (index === 2) {
        // Up to 3 go as buttons; the preview shows them so.
        expect(byTestId('wa-template-quickReplies-delivery')?.textContent).toContain('botones');
        expect(byTestId('wa-template-preview-button-2')?.textContent).toBe('Opción 3');
      }
    }
    // Four go as a list: the preview shows the list's button, which opens the options.
    expect(byTestId('wa-template-quickReplies-delivery')?.textContent).toContain('lista');
    expect(byTestId('wa-template-preview-button-0')).toBeNull();
    const listButton = byTestId('wa-template-preview-list-button');
    expect(listButton?.getAttribute('aria-expanded')).toBe('false');
    act(() => listButton?.click());
    expect(listButton?.getAttribute('aria-expanded')).toBe('true');
    expect(byTestId('wa-template-preview-list')?.textContent).toContain('Opción 4');

    // Up to 15: then the add button waits.
    for (let index = 4; index < 15; index++) {
      click('wa-template-quickReplies-add');
      type(byTestId<HTMLInputElement>(`wa-template-quickReplies-${index}`) as HTMLInputElement, `Opción ${index + 1}`);
    }
    expect(byTestId('wa-template-quickReplies-count')?.textContent).toBe('15/15');
    expect(byTestId<HTMLButtonElement>('wa-template-quickReplies-add')?.disabled).toBe(true);
    expect(byTestId('wa-template-quickReplies-delivery')?.textContent).toContain('numeradas');
    expect(byTestId('wa-template-preview-numbered')?.querySelectorAll('li')).toHaveLength(15);

    // Saved at once: no confirmation (Meta does not review chat types).
    click('wa-template-submit');
    await settle();
    expect(byTestId('confirm-dialog')).toBeNull();
    expect(posts()).toHaveLength(1);
    expect(sentBody()).toMatchObject({
      type: 'text',
      name: 'menu',
      body: '¿En qué te ayudamos?',
      quickReplies: Array.from({ length: 15 }, (_, index) => `Opción ${index + 1}`),
    });
    expect(sentBody().category).toBeUndefined();
    expect(router.state.location.pathname).toBe('/app/whatsapp-templates/9/view');
  });

  it('asks a media template for its file, checks it here, uploads it on pick and sends its key', async () => {
    renderForm();
    await settle();
    choose('wa-template-type', 'Multimedia');
    type(byTestId<HTMLInputElement>('wa-template-name') as HTMLInputElement, 'catalogo');
    // The file input is reachable by its label.
    expect(byTestId('wa-template-file')?.getAttribute('aria-label')).toBe('Archivo');
    expect(byTestId('wa-template-file')?.getAttribute('accept')).toBe('image/jpeg,image/png');

    click('wa-template-submit');
    await settle();
    expect(posts()).toHaveLength(0);
    expect(byTestId('wa-template-media-error')?.textContent).toBe('Suba el archivo de la plantilla');

    // A PDF is not an image: refused here, nothing uploaded.
    pickFile(new File(['%PDF'], 'precios.pdf', { type: 'application/pdf' }));
    await settle();
    expect(uploads()).toHaveLength(0);
    expect(byTestId('wa-template-media-error')?.textContent).toContain('JPG, PNG');

    pickFile(new File([new Uint8Array(2048)], 'catalogo.png', { type: 'image/png' }));
    await settle();
    expect(uploads()).toHaveLength(1);
    const [url, init] = uploads()[0];
    expect(String(url)).toMatch(/\/api\/v2\/whatsapp-templates\/media\?use=image$/);
    expect((init as RequestInit).method).toBe('POST');
    expect(((init as RequestInit).body as FormData).get('file')).toBeInstanceOf(File);
    expect(byTestId('wa-template-media-file')?.textContent).toContain('catalogo.png');
    expect(byTestId('wa-template-media-file')?.textContent).toContain('2,0 KB');
    expect(byTestId('wa-template-media-error')).toBeNull();
    // The preview shows the picked image.
    const preview = byTestId('wa-template-preview-media');
    expect(preview?.dataset.kind).toBe('image');
    expect(preview?.querySelector('img')?.getAttribute('src')).toBe('blob:local-preview');

    // Audio takes no text: the caption goes.
    type(byTestId<HTMLTextAreaElement>('wa-template-body') as HTMLTextAreaElement, 'Nuestro catálogo');
    click('wa-template-submit');
    await settle();
    expect(posts()).toHaveLength(1);
    expect(sentBody()).toMatchObject({
      type: 'media',
      mediaType: 'image',
      media: { key: UPLOADED_KEY, filename: 'catalogo.png' },
      body: 'Nuestro catálogo',
    });
  });

  it('drops the file when its use changes and hides the caption of an audio', async () => {
    renderForm();
    await settle();
    choose('wa-template-headerType', 'Imagen');
    expect(byTestId('wa-template-file')).not.toBeNull();
    pickFile(new File([new Uint8Array(10)], 'logo.jpg', { type: 'image/jpeg' }));
    await settle();
    expect(String(uploads()[0][0])).toMatch(/use=header-image$/);
    expect(byTestId('wa-template-media-file')?.textContent).toContain('logo.jpg');
    choose('wa-template-headerType', 'Documento');
    expect(byTestId('wa-template-media-file')).toBeNull();
    expect(byTestId('wa-template-file')?.getAttribute('accept')).toBe('application/pdf');
    expect(byTestId('wa-template-preview-media')?.textContent).toContain('Aquí irá el documento');

    choose('wa-template-type', 'Multimedia');
    choose('wa-template-mediaType', 'Audio');
    expect(byTestId('wa-template-body')).toBeNull();
  });

  it('builds an interactive list up to 10 options in all and shows the server’s option errors in place', async () => {
    renderForm();
    await settle();
    choose('wa-template-type', 'Interactivo');
    expect(byTestId('wa-template-replyButtons-count')?.textContent).toBe('1/3');
    click('wa-template-interactiveType-list');
    expect(byTestId('wa-template-list-count')?.textContent).toBe('1/10');
    // Header: none or text only.
    const headerCombobox =
      byTestId('wa-template-headerType')?.parentElement?.querySelector<HTMLElement>('[role="combobox"]');
    act(() => {
      headerCombobox?.focus();
      headerCombobox?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    const listboxes = document.querySelectorAll('[role="listbox"]');
    const headerOptions = [
      ...(listboxes[listboxes.length - 1]?.querySelectorAll<HTMLElement>('[role="option"]') ?? []),
    ];
    expect(headerOptions.map((option) => option.textContent)).toEqual(['Sin encabezado', 'Texto']);
    act(() => headerOptions[0]?.click());

    type(byTestId<HTMLInputElement>('wa-template-name') as HTMLInputElement, 'sucursales');
    type(byTestId<HTMLTextAreaElement>('wa-template-body') as HTMLTextAreaElement, 'Elija su sucursal');
    type(byTestId<HTMLInputElement>('wa-template-listButton') as HTMLInputElement, 'Ver sucursales');
    type(byTestId<HTMLInputElement>('wa-template-option-title-0-0') as HTMLInputElement, 'Centro');
    click('wa-template-section-add');
    for (let index = 0; index < 8; index++) click('wa-template-option-add-1');
    expect(byTestId('wa-template-list-count')?.textContent).toBe('10/10');
    expect(byTestId<HTMLButtonElement>('wa-template-option-add-0')?.disabled).toBe(true);
    expect(byTestId<HTMLButtonElement>('wa-template-section-add')?.disabled).toBe(true);
    for (let index = 0; index < 9; index++) {
      type(byTestId<HTMLInputElement>(`wa-template-option-title-1-${index}`) as HTMLInputElement, `Norte ${index + 1}`);
    }
    // Two sections need titles.
    click('wa-template-submit');
    await settle();
    expect(posts()).toHaveLength(0);
    expect(byTestId('wa-template-sections-error')?.textContent).toBe(
      'Con varias secciones, cada una necesita un título',
    );
    type(byTestId<HTMLInputElement>('wa-template-section-title-0') as HTMLInputElement, 'Sur');
    type(byTestId<HTMLInputElement>('wa-template-section-title-1') as HTMLInputElement, 'Norte');
    expect(byTestId('wa-template-preview-list-button')?.textContent).toBe('Ver sucursales');

    fetchMock.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            statusResult: false,
            status: 'ERROR',
            code: 'VALIDATION',
            message: 'Revise los campos',
            result: { fields: [{ field: 'sections.1.options.2.title', message: 'Título no permitido' }] },
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    );
    click('wa-template-submit');
    await settle();
    expect(posts()).toHaveLength(1);
    expect(sentBody()).toMatchObject({
      type: 'interactive',
      interactiveType: 'list',
      listButton: 'Ver sucursales',
      replyButtons: [],
      sections: [
        { title: 'Sur', options: [{ title: 'Centro', description: '' }] },
        { title: 'Norte', options: expect.arrayContaining([{ title: 'Norte 9', description: '' }]) },
      ],
    });
    expect(fieldText('wa-template-option-title-1-2')).toContain('Título no permitido');
  });
});
