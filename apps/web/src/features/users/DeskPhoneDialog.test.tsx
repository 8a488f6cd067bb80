import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../core/i18n';
import { byTestId, calls, envelope, mount, type, waitUntil } from '../../test/dom';
import { DeskPhoneDialog } from './DeskPhoneDialog';

let root: Root | null = null;
const fetchMock = vi.fn();

const credentials = {
  extension: '2301',
  registrar: 'pbx.example.com',
  port: 5062,
  user: '2301',
  authorizationUser: '1830000000:2301',
  password: 'c2VjcmV0LXBhc3N3b3Jk',
  realm: 'atiende',
  expiresAt: '2027-12-07T12:00:00.000Z',
};

beforeEach(async () => {
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => envelope(credentials));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const input = (id: string) => byTestId(id) as HTMLInputElement;

describe('DeskPhoneDialog', () => {
  it('checks the extension with the shared schema, then shows the credentials once', async () => {
    root = mount(<DeskPhoneDialog open extension={null} onClose={() => {}} />).root;
    type(input('desk-phone-extension'), '2600');
    act(() => byTestId('desk-phone-issue')?.click());
    await waitUntil(
      () => document.body.textContent?.includes('La 2600 es el número para registrar teléfonos') ?? false,
    );
    expect(fetchMock).not.toHaveBeenCalled();

    type(input('desk-phone-extension'), '2301');
    act(() => byTestId('desk-phone-issue')?.click());
    await waitUntil(() => byTestId('desk-phone-credentials') !== null);
    expect(calls(fetchMock)).toEqual(['POST /api/v2/voice/desk-phones']);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ extension: '2301' });
    expect(input('desk-phone-password').value).toBe(credentials.password);
    expect(input('desk-phone-authorization-user').value).toBe('1830000000:2301');
    expect(byTestId('desk-phone-credentials')?.textContent).toContain('no se vuelven a mostrar');
  });

  it('starts from the user’s extension and shows the server’s field errors, in English', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            statusResult: false,
            status: 'ERROR',
            code: 'VALIDATION',
            message: 'Check the fields',
            result: { fields: [{ field: 'extension', message: 'Enter an extension of 2 to 15 digits' }] },
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    );
    root = mount(<DeskPhoneDialog open extension="2302" onClose={() => {}} />).root;
    expect(input('desk-phone-extension').value).toBe('2302');
    act(() => byTestId('desk-phone-issue')?.click());
    await waitUntil(() => document.body.textContent?.includes('Enter an extension of 2 to 15 digits') ?? false);
    expect(byTestId('desk-phone-credentials')).toBeNull();
  });
});
