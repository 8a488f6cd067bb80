import type { KbArticle, KbSection } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, settle, type, waitUntil } from '../../test/dom';
import { KnowledgeBaseArticleEditorPage } from './ArticleEditorPage';
import i18n from './i18n';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const section: KbSection = {
  id: 5,
  name: 'Reembolsos',
  description: '',
  category: { id: 1, name: 'Facturación' },
  visibleFor: ['agent'],
  articles: 0,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
};

const saved = (body: Record<string, unknown>): KbArticle => ({
  id: 31,
  title: String(body.title),
  body: String(body.body),
  text: '',
  section: { id: 5, name: 'Reembolsos', category: { id: 1, name: 'Facturación' } },
  labels: body.labels as string[],
  status: 'draft',
  language: 'es',
  attachments: [],
  publicUrl: null,
  createdBy: null,
  updatedBy: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  publishedAt: null,
});

let root: Root | null = null;
const fetchMock = vi.fn();
let postAnswer: (body: Record<string, unknown>) => Response;
let router: ReturnType<typeof createMemoryRouter>;

beforeEach(async () => {
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  postAnswer = (body) => envelope(saved(body), 201);
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/knowledge-base/articles')) {
      return postAnswer(JSON.parse(String(init.body)));
    }
    if (url.pathname.endsWith('/knowledge-base/sections'))
      return envelope({ data: [section], total: 1, page: 1, sizePerPage: 200 });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  router = createMemoryRouter(
    [
      { path: '/app/knowledge-base/article/add', element: <KnowledgeBaseArticleEditorPage mode="create" /> },
      { path: '/app/knowledge-base/article/:id/view', element: <p data-testid="landed">view</p> },
    ],
    { initialEntries: ['/app/knowledge-base/article/add?sectionId=5'] },
  );
  root = mount(<RouterProvider router={router} />).root;
  await settle();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const posts = () => calls(fetchMock).filter((call) => call.startsWith('POST'));
const fieldError = (testId: string) =>
  byTestId(testId)?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;

describe('KnowledgeBaseArticleEditorPage', () => {
  it('shows the shared schema’s errors on the fields and sends nothing while they stand', async () => {
    expect(byTestId('kb-article-section')?.textContent).toBe('Reembolsos');
    expect(byTestId('kb-attachments-after-save')).not.toBeNull();

    act(() => byTestId('kb-article-save')?.click());
    await settle();
    expect(byTestId('kb-article-title')?.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError('kb-article-title')).toBe('Debe tener al menos 3 caracteres');
    expect(posts()).toEqual([]);

    // The error goes as soon as the rules accept the field.
    type(byTestId('kb-article-title') as HTMLInputElement, 'Reembolsos');
    expect(byTestId('kb-article-title')?.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the server’s field errors, then saves and opens the article’s view', async () => {
    postAnswer = () => envelope({ fields: [{ field: 'title', message: 'Ya hay un artículo con ese título' }] }, 422);
    type(byTestId('kb-article-title') as HTMLInputElement, 'Cómo pedir un reembolso');
    type(byTestId('kb-article-labels') as HTMLInputElement, 'pagos,');
    act(() => byTestId('kb-article-save')?.click());
    await settle();
    expect(posts()).toHaveLength(1);
    expect(fieldError('kb-article-title')).toBe('Ya hay un artículo con ese título');

    postAnswer = (body) => envelope(saved(body), 201);
    act(() => byTestId('kb-article-save')?.click());
    await waitUntil(() => byTestId('landed') !== null);
    expect(router.state.location.pathname).toBe('/app/knowledge-base/article/31/view');
    const sent = JSON.parse(String(fetchMock.mock.calls.findLast(([, init]) => init?.method === 'POST')?.[1]?.body));
    expect(sent).toEqual({
      title: 'Cómo pedir un reembolso',
      body: '',
      sectionId: 5,
      labels: ['pagos'],
      status: 'draft',
      language: 'es',
    });
  });

  it('offers headings and tables in the body’s editor', async () => {
    const editor = byTestId('kb-article-editor');
    expect(editor?.getAttribute('contenteditable')).toBe('true');
    expect(byTestId('kb-article-editor-h2')?.getAttribute('aria-label')).toBe('H2: título de nivel 2');
    expect(byTestId('kb-article-editor-image')?.getAttribute('aria-label')).toBe('Insertar imagen');

    act(() => byTestId('kb-article-editor-table')?.click());
    await settle();
    expect(byTestId('kb-editor-table-addRow')?.getAttribute('aria-disabled')).toBe('true');
    act(() => byTestId('kb-editor-table-insert')?.click());
    await settle();
    expect(editor?.querySelectorAll('table tr')).toHaveLength(3);
    expect(editor?.querySelectorAll('table th')).toHaveLength(3);

    act(() => byTestId('kb-article-editor-table')?.click());
    await settle();
    act(() => byTestId('kb-editor-table-addRow')?.click());
    await settle();
    expect(editor?.querySelectorAll('table tr')).toHaveLength(4);
  });
});
