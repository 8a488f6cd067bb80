import type { KbCategory, KbSection } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, settle, waitUntil } from '../../test/dom';
import { KnowledgeBaseCategoriesPage } from './CategoriesPage';
import i18n from './i18n';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const category: KbCategory = {
  id: 1,
  name: 'Facturación',
  description: 'Pagos y facturas',
  sections: 2,
  articles: 7,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
};
const section: KbSection = {
  id: 4,
  name: 'Reembolsos',
  description: '',
  category: { id: 1, name: 'Facturación' },
  visibleFor: ['agent', 'public'],
  articles: 5,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
};

let root: Root | null = null;
const fetchMock = vi.fn();

beforeEach(async () => {
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'DELETE') return envelope({ sections: 2, articles: 7 });
    if (url.pathname.endsWith('/knowledge-base/categories'))
      return envelope({ data: [category], total: 1, page: 1, sizePerPage: 10 });
    if (url.pathname.endsWith('/knowledge-base/sections'))
      return envelope({ data: [section], total: 1, page: 1, sizePerPage: 5 });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/app/knowledge-base/categories', element: <KnowledgeBaseCategoriesPage /> }],
    {
      initialEntries: ['/app/knowledge-base/categories'],
    },
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

describe('KnowledgeBaseCategoriesPage', () => {
  it('lists server pages of categories with their counts, and each category’s sections with their audiences', () => {
    expect(calls(fetchMock)).toEqual(
      expect.arrayContaining([
        'GET /api/v2/knowledge-base/categories?page=1&sizePerPage=10&sortName=name&sortOrder=asc',
        'GET /api/v2/knowledge-base/sections?categoryId=1&page=1&sizePerPage=5&sortName=name&sortOrder=asc',
      ]),
    );
    expect(byTestId('kb-category-counts-1')?.textContent).toBe('2 secciones7 artículos');
    expect(byTestId('kb-section-link-4')?.getAttribute('href')).toBe('/app/knowledge-base/sections/4');
    expect(byTestId('kb-section-audiences-4')?.textContent).toBe('AgentesSitio público');
  });

  it('deletes a category only after a confirmation that says it is irreversible and what goes with it', async () => {
    act(() => byTestId('kb-category-delete-1')?.click());
    const dialog = byTestId('confirm-dialog');
    expect(dialog?.textContent).toContain('Eliminar categoría');
    expect(dialog?.textContent).toContain(
      'Se eliminará la categoría «Facturación» junto con 2 secciones y 7 artículos. Esta acción es irreversible',
    );

    act(() => byTestId('confirm-cancel')?.click());
    await settle();
    expect(calls(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);

    act(() => byTestId('kb-category-delete-1')?.click());
    act(() => byTestId('confirm-accept')?.click());
    await settle();
    expect(calls(fetchMock)).toContain('DELETE /api/v2/knowledge-base/categories/1');
    // The snackbar's code loads with its first message.
    await waitUntil(() => byTestId('snackbar') !== null);
    expect(byTestId('snackbar')?.textContent).toContain('Categoría eliminada (con 2 secciones y 7 artículos)');
  });

  it('asks the same for a section, naming its articles', async () => {
    act(() => byTestId('kb-section-delete-4')?.click());
    expect(byTestId('confirm-dialog')?.textContent).toContain(
      'Se eliminará la sección «Reembolsos» junto con 5 artículos. Esta acción es irreversible',
    );
    act(() => byTestId('confirm-accept')?.click());
    await settle();
    expect(calls(fetchMock)).toContain('DELETE /api/v2/knowledge-base/sections/4');
  });
});
