import type { KbArticle, KbSearchHit } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, type, waitUntil } from '../../test/dom';
import i18n from './i18n';
import { KbInsertButton } from './KbInsertButton';

let granted = true;
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({
    granted: new Set(),
    roles: [],
    isAgent: true,
    can: (permission: string) => granted && permission === 'knowledgebase-ver-articulo',
    ready: true,
  }),
}));

const hit = (id: number, publicUrl: string | null): KbSearchHit => ({
  id,
  title: [
    { text: 'Cambiar la ', match: false },
    { text: 'contraseña', match: true },
    { text: id === 8 ? ' (interno)' : '', match: false },
  ],
  snippet: [
    { text: 'Abra su perfil y elija ', match: false },
    { text: 'contraseña', match: true },
    { text: ' <b>nueva</b>', match: false },
  ],
  section: { id: 2, name: 'Acceso' },
  status: 'published',
  language: 'es',
  rank: 0.5,
  publicUrl,
});

const article: Partial<KbArticle> = {
  id: 8,
  title: 'Cambiar la contraseña (interno)',
  text: 'Paso 1: abra su perfil.\n\n\n\nPaso 2: elija una contraseña nueva.',
};

let root: Root | null = null;
const fetchMock = vi.fn();
const onInsert = vi.fn();

beforeEach(async () => {
  await i18n.changeLanguage('es');
  granted = true;
  onInsert.mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/knowledge-base/search')) {
      return envelope([hit(7, 'https://ayuda.test/kb/es/articles/7'), hit(8, null)]);
    }
    if (url.pathname.endsWith('/knowledge-base/articles/8')) return envelope(article);
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function openAndSearch() {
  root = mount(<KbInsertButton onInsert={onInsert} />).root;
  const button = byTestId('kb-insert-open');
  expect(button?.getAttribute('aria-label')).toBe('Base de conocimiento');
  act(() => button?.click());
  await waitUntil(() => byTestId('kb-search-input') !== null);
  type(byTestId('kb-search-input') as HTMLInputElement, 'contra');
  type(byTestId('kb-search-input') as HTMLInputElement, 'contrasena');
  await waitUntil(() => byTestId('kb-search-hit-8') !== null);
}

describe('KbInsertButton', () => {
  it('is not shown without the permission to read articles', () => {
    granted = false;
    root = mount(<KbInsertButton onInsert={onInsert} />).root;
    expect(byTestId('kb-insert-open')).toBeNull();
  });

  it('searches published articles (debounced) and shows the hits with their matches marked, as text', async () => {
    await openAndSearch();
    const searches = calls(fetchMock).filter((call) => call.includes('/knowledge-base/search'));
    // One request for the whole typed word, not one per keystroke.
    expect(searches).toEqual(['GET /api/v2/knowledge-base/search?q=contrasena&limit=10&publishedOnly=true']);
    const first = byTestId('kb-search-hit-7');
    expect([...(first?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent)).toEqual([
      'contraseña',
      'contraseña',
    ]);
    // Markup in a snippet stays text.
    expect(byTestId('kb-search-hit-snippet-7')?.textContent).toBe('Abra su perfil y elija contraseña <b>nueva</b>');
    expect(first?.querySelector('b')).toBeNull();
  });

  it('inserts "title: url" for an article on the public site, and nothing as a link for one that is not', async () => {
    await openAndSearch();
    expect((byTestId('kb-insert-link-8') as HTMLButtonElement).disabled).toBe(true);
    act(() => byTestId('kb-insert-link-7')?.click());
    expect(onInsert).toHaveBeenCalledWith('Cambiar la contraseña: https://ayuda.test/kb/es/articles/7');
  });

  it('inserts the article’s text, fetched when asked for', async () => {
    await openAndSearch();
    act(() => byTestId('kb-insert-text-8')?.click());
    await waitUntil(() => onInsert.mock.calls.length > 0);
    expect(calls(fetchMock)).toContain('GET /api/v2/knowledge-base/articles/8');
    expect(onInsert).toHaveBeenCalledWith('Paso 1: abra su perfil.\n\nPaso 2: elija una contraseña nueva.');
  });
});
