import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, waitUntil } from '../../test/dom';
import { HeaderSoftphone } from './HeaderSoftphone';
import i18n from './i18n';
import { softphone } from './softphone';

let webrtc = true;
let extension: string | null = '101';
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  useBusiness: () => ({ data: { configuracion: { webrtc_enabled: webrtc } } }),
  useProfile: () => ({ profile: { extension }, isLoading: false }),
}));

let root: Root | null = null;
const fetchMock = vi.fn();

const phoneButton = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);

beforeEach(async () => {
  await i18n.changeLanguage('es');
  webrtc = true;
  extension = '101';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: unknown) =>
    String(input).endsWith('/voice/status')
      ? envelope({ configured: false, webrtcEnabled: true, state: 'not_installed' })
      : envelope(null, 500),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  softphone.stop();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('HeaderSoftphone', () => {
  it('shows the phone button with its dot, and a panel that says telephony is not configured', async () => {
    root = mount(
      <MemoryRouter>
        <HeaderSoftphone />
      </MemoryRouter>,
    ).root;
    await waitUntil(() => phoneButton('Teléfono') !== null);
    await waitUntil(() => softphone.getState().availability === 'not_configured');
    expect(byTestId('softphone-dot')?.dataset.state).toBe('unregistered');
    expect(byTestId('softphone-panel')).toBeNull();
    act(() => phoneButton('Teléfono')?.click());
    await waitUntil(() => byTestId('softphone-panel') !== null);
    await waitUntil(() => byTestId('softphone-not-configured') !== null);
    expect(byTestId('softphone-panel')?.textContent).toContain('La telefonía no está configurada');
    expect(byTestId('softphone-registration')?.dataset.state).toBe('UNREGISTERED');
    expect(byTestId('softphone-registration')?.textContent).toBe('No registrado');
    // Opening the panel checks the status again; nothing asks for credentials.
    expect(new Set(calls(fetchMock))).toEqual(new Set(['GET /api/v2/voice/status']));
    act(() => phoneButton('Teléfono')?.click());
    expect(softphone.getState().panelOpen).toBe(false);
  });

  it('is named Phone in English', async () => {
    await i18n.changeLanguage('en');
    root = mount(
      <MemoryRouter>
        <HeaderSoftphone />
      </MemoryRouter>,
    ).root;
    await waitUntil(() => phoneButton('Phone') !== null);
    await waitUntil(() => softphone.getState().availability === 'not_configured');
  });

  it('shows nothing and loads nothing without WebRTC or without an extension', async () => {
    webrtc = false;
    root = mount(
      <MemoryRouter>
        <HeaderSoftphone />
      </MemoryRouter>,
    ).root;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byTestId('header-softphone')).toBeNull();
    act(() => root?.unmount());
    webrtc = true;
    extension = null;
    root = mount(
      <MemoryRouter>
        <HeaderSoftphone />
      </MemoryRouter>,
    ).root;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byTestId('header-softphone')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(softphone.getState().availability).toBe('off');
  });

  it('stops the softphone when the header goes (logout)', async () => {
    root = mount(
      <MemoryRouter>
        <HeaderSoftphone />
      </MemoryRouter>,
    ).root;
    await waitUntil(() => softphone.getState().availability === 'not_configured');
    act(() => root?.unmount());
    root = null;
    expect(softphone.getState().availability).toBe('off');
  });
});
