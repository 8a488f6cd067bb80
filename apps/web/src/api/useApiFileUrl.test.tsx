import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFileHref, useApiFileUrl } from './useApiFileUrl';

vi.mock('../core/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../core/session')>()),
  getToken: () => 'session-token',
}));

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();
const revoke = vi.fn();

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  fetchMock.mockReset();
  revoke.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:file-1');
  URL.revokeObjectURL = revoke;
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

function Probe({ path }: { path: string | null }) {
  const file = useApiFileUrl(path);
  return (
    <p
      data-testid="probe"
      data-url={file.url ?? ''}
      data-loading={String(file.loading)}
      data-failed={String(file.failed)}
    />
  );
}

const probe = () => document.querySelector<HTMLElement>('[data-testid="probe"]');

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('useApiFileUrl', () => {
  it('fetches the API file with the session into an object URL, revoked on unmount', async () => {
    fetchMock.mockResolvedValue(new Response(new Blob(['img'], { type: 'image/png' }), { status: 200 }));
    act(() => {
      root = createRoot(container);
      root.render(<Probe path="whatsapp-templates/12/media" />);
    });
    expect(probe()?.dataset.loading).toBe('true');
    await settle();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v2/whatsapp-templates/12/media');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer session-token' });
    expect(probe()?.dataset.url).toBe('blob:file-1');
    act(() => root?.unmount());
    root = null;
    expect(revoke).toHaveBeenCalledWith('blob:file-1');
  });

  it('says when the file could not be read, and fetches nothing without a path', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 404 }));
    act(() => {
      root = createRoot(container);
      root.render(<Probe path="whatsapp-templates/13/media" />);
    });
    await settle();
    expect(probe()?.dataset.failed).toBe('true');
    expect(probe()?.dataset.url).toBe('');
    act(() => root?.render(<Probe path={null} />));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(probe()?.dataset.failed).toBe('false');
  });

  it('resolves paths under the API base', () => {
    expect(apiFileHref('/whatsapp-templates/1/media')).toBe('/api/v2/whatsapp-templates/1/media');
    expect(apiFileHref('/api/v2/files/3')).toBe('/api/v2/files/3');
    expect(apiFileHref('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
});
