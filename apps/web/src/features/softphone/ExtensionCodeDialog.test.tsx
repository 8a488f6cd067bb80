import { REALTIME_EVENTS } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../app/realtime';
import { byTestId, calls, envelope, mount, waitUntil } from '../../test/dom';
import { ExtensionCodeDialog, groupedCode } from './ExtensionCodeDialog';
import i18n from './i18n';

let root: Root | null = null;
const fetchMock = vi.fn();
let codes: string[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('es');
  codes = ['123456', '654321'];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    envelope({ code: codes.shift(), dial: '2600', expiresAt: new Date(Date.now() + 300_000).toISOString() }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('ExtensionCodeDialog', () => {
  it('asks for a code when opened, gives another on demand and says when the phone took the extension', async () => {
    root = mount(<ExtensionCodeDialog open onClose={() => {}} />).root;
    await waitUntil(() => byTestId('extension-code') !== null);
    expect(byTestId('extension-code')?.textContent).toBe('123 456');
    expect(byTestId('extension-code-dialog')?.textContent).toContain('marque 2600 y escriba este código');
    act(() => byTestId('extension-code-another')?.click());
    await waitUntil(() => byTestId('extension-code')?.dataset.code === '654321');
    expect(calls(fetchMock)).toEqual(['POST /api/v2/voice/extension-code', 'POST /api/v2/voice/extension-code']);

    act(() => emitRealtimeEvent(REALTIME_EVENTS.newExtension, { extension: '2301' }));
    await waitUntil(() => byTestId('extension-code-done') !== null);
    expect(byTestId('extension-code-done')?.textContent).toBe('Listo: su extensión es ahora la 2301.');
  });

  it('shows the server’s refusal, in English too', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockImplementation(async () => envelope(null, 409));
    root = mount(<ExtensionCodeDialog open onClose={() => {}} />).root;
    await waitUntil(() => byTestId('extension-code-error') !== null);
    expect(byTestId('extension-code-error')?.textContent).toBe('Refused');
    expect(document.body.textContent).toContain('Register a desk phone');
  });

  it('groups the six digits in threes', () => {
    expect(groupedCode('042917')).toBe('042 917');
    expect(groupedCode('12')).toBe('12');
  });
});
