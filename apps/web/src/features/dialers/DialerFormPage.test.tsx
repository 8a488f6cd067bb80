import type { DialerDetail } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, settle, type, waitUntil } from '../../test/dom';
import { DialerFormPage } from './DialerFormPage';
import i18n from './i18n';
import { dialerFixture } from './testing';

let root: Root | null = null;
let router: ReturnType<typeof createMemoryRouter>;
const fetchMock = vi.fn();
let stored: DialerDetail | null = null;
let createAnswer: (body: Record<string, unknown>) => Response;
let uploadAnswer: () => Response;

beforeEach(async () => {
  await i18n.changeLanguage('es');
  stored = null;
  createAnswer = (body) =>
    envelope(
      dialerFixture(41, {
        label: String(body.label),
        counts: { registries: 7, new: 7, executed: 0, success: 0, failed: 0 },
      }),
      201,
    );
  uploadAnswer = () =>
    envelope(
      {
        key: 'dialers/audio/0123456789abcdef01234567.wav',
        filename: 'saludo.wav',
        contentType: 'audio/wav',
        size: 2048,
      },
      201,
    );
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/dialers/options')) {
      return envelope({
        campaigns: [
          { id: 3, name: 'Cobranzas' },
          { id: 4, name: 'Ventas' },
        ],
        users: [],
        labels: [],
        telephonyConfigured: false,
      });
    }
    if (url.pathname.endsWith('/dialers/audience')) return envelope({ accounts: 7, withoutPhone: 2 });
    if (url.pathname.endsWith('/dialers/candidates')) {
      return envelope({
        data: [
          { customerId: 51, name: 'Ana Pérez', identificationNumber: '100', phone: '+573001112233' },
          { customerId: 52, name: 'Luis Gómez', identificationNumber: '101', phone: '+573001112244' },
        ],
        hasMore: false,
      });
    }
    if (url.pathname.endsWith('/dialers/audio')) return uploadAnswer();
    if (init?.method === 'POST' && url.pathname.endsWith('/dialers'))
      return createAnswer(JSON.parse(String(init.body)));
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      stored = { ...(stored as DialerDetail), label: body.label };
      return envelope(stored);
    }
    if (/\/dialers\/\d+$/.test(url.pathname)) return stored ? envelope(stored) : envelope(null, 404);
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:audio', revokeObjectURL: () => undefined }));
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function start(path: string) {
  router = createMemoryRouter(
    [
      { path: '/app/dialers/add', element: <DialerFormPage mode="create" /> },
      { path: '/app/dialers/:id/edit', element: <DialerFormPage mode="edit" /> },
      { path: '/app/dialers/:id/view', element: <p data-testid="landed">view</p> },
    ],
    { initialEntries: [path] },
  );
  root = mount(<RouterProvider router={router} />).root;
}

const input = (testId: string) => byTestId(testId) as HTMLInputElement;
const helper = (testId: string) =>
  byTestId(testId)?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;
const writes = () => calls(fetchMock).filter((call) => /^(POST|PUT) \/api\/v2\/dialers(\/\d+)?$/.test(call));

async function chooseCampaign(name: string) {
  act(() => byTestId('dialer-campaign')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  await settle();
  const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (item) => item.textContent === name,
  );
  act(() => option?.click());
  await settle();
}

describe('DialerFormPage', () => {
  it('shows the help texts under the fields and the shared schema’s errors before sending', async () => {
    start('/app/dialers/add');
    await settle();
    expect(helper('dialer-channels')).toBe('Máximo de canales telefónicos que usa a la vez');
    expect(helper('dialer-parallels')).toBe('Llamadas en paralelo por agente');
    expect(helper('dialer-tries')).toBe('Intentos por cliente');
    expect(helper('dialer-rings')).toBe('Número de timbres por llamada para contarla como abandono');
    expect(byTestId('dialer-audience-incomplete')).not.toBeNull();
    // The conditions choose accounts, not tickets.
    expect(document.body.textContent).toContain('Sin condiciones: coincide con todas las cuentas.');

    type(input('dialer-channels'), '600');
    type(input('dialer-rings'), '');
    act(() => byTestId('dialer-save')?.click());
    await settle();
    expect(input('dialer-label').getAttribute('aria-invalid')).toBe('true');
    expect(helper('dialer-label')).toBe('Escriba el nombre del marcador');
    expect(helper('dialer-campaign-input')).toBe('Elija la campaña');
    expect(helper('dialer-channels')).toBe('Los canales van de 1 a 500');
    expect(helper('dialer-rings')).toBe('Los timbres van de 1 a 20');

    // What each type needs shows with it.
    expect(byTestId('dialer-extension')).toBeNull();
    act(() => byTestId('dialer-type-call_extension')?.click());
    await settle();
    act(() => byTestId('dialer-save')?.click());
    await settle();
    expect(helper('dialer-extension')).toBe('Escriba la extensión a la que se llama');
    act(() => byTestId('dialer-type-play_audio')?.click());
    await settle();
    expect(byTestId('dialer-extension')).toBeNull();
    act(() => byTestId('dialer-save')?.click());
    await settle();
    expect(byTestId('dialer-audio-error')?.textContent).toBe('Suba el audio que se reproduce (WAV, MP3 u OGG)');
    expect(writes()).toEqual([]);
  });

  it('counts the accounts it would call, saves the body the API takes and opens the view', async () => {
    start('/app/dialers/add');
    await settle();
    await chooseCampaign('Cobranzas');
    await waitUntil(() => byTestId('dialer-audience-accounts')?.textContent === '7');
    expect(byTestId('dialer-audience-without-phone')?.textContent).toBe('2');
    type(input('dialer-label'), 'Cobranza diciembre');
    type(input('dialer-tries'), '4');
    act(() => input('dialer-send-to-queue').click());
    // Only some accounts, picked from the list.
    act(() => byTestId('dialer-send-to-selected')?.click());
    await waitUntil(() => byTestId('dialer-candidate-52') !== null);
    act(() => byTestId('dialer-candidate-52')?.click());
    await settle();
    expect(byTestId('dialer-candidates-selected')?.textContent).toContain('1 seleccionada');
    act(() => byTestId('dialer-save')?.click());
    await waitUntil(() => router.state.location.pathname === '/app/dialers/41/view');
    const post = fetchMock.mock.calls.find(
      ([url, init]) => (init as RequestInit | undefined)?.method === 'POST' && String(url).endsWith('/dialers'),
    );
    expect(JSON.parse(String((post?.[1] as RequestInit | undefined)?.body))).toEqual({
      campaignId: 3,
      label: 'Cobranza diciembre',
      type: 'call_campaign',
      channels: 10,
      parallels: 1,
      tries: 4,
      rings: 5,
      extension: null,
      audio: null,
      sendToQueue: true,
      accounts: { conditions: { match: 'all', conditions: [] }, sendTo: 'selected', customerIds: [52] },
    });
    await waitUntil(() => document.body.textContent?.includes('guardado con 7 registros') === true);
  });

  it('uploads the audio of a play-audio dialer at once, and shows the server’s refusals on their fields', async () => {
    start('/app/dialers/add');
    await settle();
    await chooseCampaign('Ventas');
    type(input('dialer-label'), 'Aviso');
    act(() => byTestId('dialer-type-play_audio')?.click());
    await settle();
    const file = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], 'saludo.wav', { type: 'audio/wav' });
    const picker = input('dialer-audio-file');
    Object.defineProperty(picker, 'files', { value: [file], configurable: true });
    act(() => picker.dispatchEvent(new Event('change', { bubbles: true })));
    await waitUntil(() => byTestId('dialer-audio-name')?.textContent?.includes('saludo.wav') === true);
    expect(calls(fetchMock)).toContain('POST /api/v2/dialers/audio');
    expect(byTestId('dialer-audio-player')?.getAttribute('src')).toBe('blob:audio');

    // The server finds no account with a phone: its message goes to the accounts, nothing else changes.
    createAnswer = () =>
      new Response(
        JSON.stringify({
          statusResult: false,
          status: 'ERROR',
          code: 'VALIDATION',
          message: 'Datos inválidos',
          result: {
            fields: [
              {
                field: 'accounts',
                message: 'Ninguna cuenta de la campaña que cumpla los filtros tiene un teléfono para marcar',
              },
            ],
          },
        }),
        { status: 422, headers: { 'content-type': 'application/json' } },
      );
    act(() => byTestId('dialer-save')?.click());
    await waitUntil(() => byTestId('dialer-accounts-error') !== null);
    expect(byTestId('dialer-accounts-error')?.textContent).toContain('Ninguna cuenta de la campaña');
    const post = fetchMock.mock.calls.find(
      ([url, init]) => (init as RequestInit | undefined)?.method === 'POST' && String(url).endsWith('/dialers'),
    );
    expect(JSON.parse(String((post?.[1] as RequestInit | undefined)?.body)).audio).toEqual({
      key: 'dialers/audio/0123456789abcdef01234567.wav',
      filename: 'saludo.wav',
    });

    // A file that is not audio: the server's message under the picker.
    uploadAnswer = () =>
      new Response(
        JSON.stringify({
          statusResult: false,
          status: 'ERROR',
          code: 'UPLOAD.TYPE',
          message: 'El audio debe ser un archivo WAV, MP3 u OGG',
          result: { fields: [{ field: 'file', message: 'El audio debe ser un archivo WAV, MP3 u OGG' }] },
        }),
        { status: 415, headers: { 'content-type': 'application/json' } },
      );
    Object.defineProperty(picker, 'files', { value: [new File(['hola'], 'falso.wav')], configurable: true });
    act(() => picker.dispatchEvent(new Event('change', { bubbles: true })));
    await waitUntil(() => byTestId('dialer-audio-error') !== null);
    expect(byTestId('dialer-audio-error')?.textContent).toBe('El audio debe ser un archivo WAV, MP3 u OGG');
  });

  it('edits a started dialer without its accounts, and none at all while it is running', async () => {
    stored = dialerFixture(12, { status: 'stopped', startedAt: '2026-11-27T08:00:00.000Z' });
    start('/app/dialers/12/edit');
    await waitUntil(() => byTestId('dialer-form') !== null);
    expect(input('dialer-label').value).toBe('Marcador 12');
    expect(byTestId('dialer-accounts-locked')?.textContent).toContain('ya se inició');
    expect(input('dialer-campaign-input').closest('.MuiInputBase-root')?.className).toContain('Mui-disabled');
    type(input('dialer-label'), 'Renombrado');
    act(() => byTestId('dialer-save')?.click());
    await waitUntil(() => router.state.location.pathname === '/app/dialers/12/view');
    expect(writes()).toEqual(['PUT /api/v2/dialers/12']);

    act(() => root?.unmount());
    stored = dialerFixture(13, { status: 'running', startedAt: '2026-11-27T08:00:00.000Z' });
    start('/app/dialers/13/edit');
    await waitUntil(() => byTestId('dialer-form') !== null);
    expect(byTestId('dialer-not-editable')?.textContent).toContain('deténgalo para editarlo');
    expect((byTestId('dialer-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
