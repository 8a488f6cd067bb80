import type { SurveyListItem } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, waitUntil } from '../../test/dom';
import i18n from './i18n';
import { SurveysListPage } from './SurveysListPage';

const granted = new Set<string>();
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted, roles: [], isAgent: false, can: (key: string) => granted.has(key), ready: true }),
}));

const row: SurveyListItem = {
  id: 4,
  name: 'Postventa',
  description: 'Después de cada compra',
  responseType: 'multipleReplaceLast',
  enabled: true,
  questions: 3,
  responses: 12,
  lastResponseAt: '2026-12-05T16:30:00.000Z',
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
};

let root: Root | null = null;
const fetchMock = vi.fn();

function start() {
  const router = createMemoryRouter([{ path: '/app/surveys', element: <SurveysListPage /> }], {
    initialEntries: ['/app/surveys'],
  });
  root = mount(<RouterProvider router={router} />).root;
}

beforeEach(async () => {
  await i18n.changeLanguage('es');
  granted.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => envelope({ data: [row], total: 1, page: 1, sizePerPage: 10 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('SurveysListPage', () => {
  it('lists the surveys with their figures and the actions the user may take', async () => {
    for (const key of ['ver-lista-encuestas', 'agregar-encuesta', 'editar-encuesta', 'ver-encuesta']) granted.add(key);
    start();
    await waitUntil(() => byTestId('survey-row-4') !== null);
    expect(calls(fetchMock)[0]).toBe('GET /api/v2/surveys?page=1&sizePerPage=10&sortName=name&sortOrder=asc');
    const text = byTestId('survey-row-4')?.textContent ?? '';
    expect(text).toContain('Postventa');
    expect(text).toContain('Múltiple reemplazando la última');
    expect(byTestId('survey-responses-4')?.textContent).toBe('12');
    expect(byTestId('survey-add')?.getAttribute('href')).toBe('/app/surveys/add');
    expect(byTestId('survey-edit-4')?.getAttribute('href')).toBe('/app/surveys/4/edit');
    expect(byTestId('survey-dashboard-4')?.getAttribute('href')).toBe('/app/surveys/4/dashboard');
  });

  it('shows neither add, edit nor results to those who may only list', async () => {
    granted.add('ver-lista-encuestas');
    start();
    await waitUntil(() => byTestId('survey-row-4') !== null);
    expect(byTestId('survey-add')).toBeNull();
    expect(byTestId('survey-edit-4')).toBeNull();
    expect(byTestId('survey-dashboard-4')).toBeNull();
  });
});
