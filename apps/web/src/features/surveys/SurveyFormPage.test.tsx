import type { Survey } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, settle, type, waitUntil } from '../../test/dom';
import i18n from './i18n';
import { SurveyFormPage } from './SurveyFormPage';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const saved = (body: Record<string, unknown>, id = 31): Survey => ({
  id,
  name: String(body.name),
  description: String(body.description ?? ''),
  confirmationMessage: String(body.confirmationMessage ?? ''),
  primaryColor: String(body.primaryColor ?? '#1565c0'),
  displayBusinessLogo: true,
  businessLogoHeight: 48,
  expirationDays: 0,
  expirationFrom: 'link',
  responseType: 'unique',
  enabled: true,
  questions: (body.questions as Survey['questions']).map((question) => ({
    ...question,
    description: question.description ?? '',
    defaultValue: question.defaultValue ?? null,
    levels: question.levels ?? null,
  })),
  publicUrl: `https://atiende.test/s/general-${id}`,
  campaigns: [{ id: 2, name: 'Ventas' }],
  responses: 0,
  createdBy: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
});

let root: Root | null = null;
const fetchMock = vi.fn();
let postAnswer: (body: Record<string, unknown>) => Response;
let stored: Survey | null = null;
let router: ReturnType<typeof createMemoryRouter>;

function start(path: string) {
  router = createMemoryRouter(
    [
      { path: '/app/surveys/add', element: <SurveyFormPage mode="create" /> },
      { path: '/app/surveys/:id/edit', element: <SurveyFormPage mode="edit" /> },
    ],
    { initialEntries: [path] },
  );
  root = mount(<RouterProvider router={router} />).root;
}

beforeEach(async () => {
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  stored = null;
  postAnswer = (body) => {
    stored = saved(body);
    return envelope(stored, 201);
  };
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/surveys')) return postAnswer(JSON.parse(String(init.body)));
    if (init?.method === 'PUT') {
      stored = saved(JSON.parse(String(init.body)), Number(url.pathname.split('/').pop()));
      return envelope(stored);
    }
    if (/\/surveys\/\d+$/.test(url.pathname)) return stored ? envelope(stored) : envelope(null, 404);
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

const posts = () => calls(fetchMock).filter((call) => call.startsWith('POST') || call.startsWith('PUT'));
const input = (testId: string) => byTestId(testId) as HTMLInputElement;
const fieldError = (testId: string) =>
  byTestId(testId)?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;
const keys = () =>
  [...document.querySelectorAll('[data-testid^="survey-question-key-"]')].map((el) => (el as HTMLInputElement).value);

async function addQuestion(type: string) {
  act(() => byTestId('survey-question-add')?.click());
  await settle();
  act(() => byTestId(`survey-question-add-${type}`)?.click());
  await settle();
}

describe('SurveyFormPage', () => {
  it('shows the shared schema’s errors before sending anything', async () => {
    start('/app/surveys/add');
    await settle();
    act(() => byTestId('survey-save')?.click());
    await settle();
    expect(input('survey-name').getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('survey-questions-empty')?.textContent).toBe('Agregue al menos una pregunta');

    type(input('survey-color'), 'azul');
    await addQuestion('radio');
    act(() => byTestId('survey-save')?.click());
    await settle();
    expect(fieldError('survey-color')).toBe('Color en formato #RRGGBB');
    expect(fieldError('survey-question-label-0')).toBe('Escriba la pregunta');
    expect(fieldError('survey-option-0-0')).toBe('Escriba el texto de la opción');
    expect(posts()).toEqual([]);
  });

  it('adds, relabels, reorders, duplicates and removes questions, with a preview of each', async () => {
    start('/app/surveys/add');
    await settle();
    await addQuestion('csat');
    type(input('survey-question-label-0'), '¿Qué tan satisfecho quedó?');
    expect(keys()).toEqual(['que_tan_satisfecho_quedo']);
    // The preview draws the scale's five points.
    expect(byTestId('survey-question-preview-0-scale')?.querySelectorAll('[role="radio"]')).toHaveLength(5);

    await addQuestion('checkbox');
    type(input('survey-question-label-1'), 'Canales');
    type(input('survey-option-1-0'), 'WhatsApp');
    type(input('survey-option-1-1'), 'Correo');
    act(() => byTestId('survey-option-add-1')?.click());
    type(input('survey-option-1-2'), 'Teléfono');
    act(() => byTestId('survey-option-1-2-up')?.click());
    expect(input('survey-option-1-1').value).toBe('Teléfono');
    expect(byTestId('survey-question-preview-1-choices')?.textContent).toBe('WhatsAppTeléfonoCorreo');

    act(() => byTestId('survey-question-up-1')?.click());
    expect(keys()).toEqual(['canales', 'que_tan_satisfecho_quedo']);
    act(() => byTestId('survey-question-duplicate-0')?.click());
    expect(keys()).toEqual(['canales', 'canales_2', 'que_tan_satisfecho_quedo']);
    act(() => byTestId('survey-question-remove-1')?.click());
    expect(keys()).toEqual(['canales', 'que_tan_satisfecho_quedo']);

    // A key typed twice is marked on the second question's key.
    type(input('survey-question-key-1'), 'canales');
    act(() => byTestId('survey-save')?.click());
    await settle();
    expect(fieldError('survey-question-key-1')).toBe('Dos preguntas tienen la misma clave');
    expect(posts()).toEqual([]);
  });

  it('shows the server’s field errors, then saves and shows the general link', async () => {
    postAnswer = () => envelope({ fields: [{ field: 'questions.0.key', message: 'Clave reservada' }] }, 422);
    start('/app/surveys/add');
    await settle();
    type(input('survey-name'), 'Satisfacción');
    await addQuestion('nps');
    type(input('survey-question-label-0'), 'Recomendación');
    act(() => byTestId('survey-save')?.click());
    await settle();
    expect(posts()).toHaveLength(1);
    expect(fieldError('survey-question-key-0')).toBe('Clave reservada');

    postAnswer = (body) => {
      stored = saved(body);
      return envelope(stored, 201);
    };
    act(() => byTestId('survey-save')?.click());
    await waitUntil(() => byTestId('survey-public-url') !== null);
    expect(router.state.location.pathname).toBe('/app/surveys/31/edit');
    expect(input('survey-public-url').value).toBe('https://atiende.test/s/general-31');
    expect(byTestId('survey-saved-alert')).not.toBeNull();
    expect(byTestId('survey-campaigns')?.textContent).toBe('Ventas');
    const sent = JSON.parse(String(fetchMock.mock.calls.findLast(([, init]) => init?.method === 'POST')?.[1]?.body));
    expect(sent).toMatchObject({
      name: 'Satisfacción',
      primaryColor: '#1565c0',
      responseType: 'unique',
      questions: [{ key: 'recomendacion', label: 'Recomendación', type: 'nps', order: 0, options: [], levels: null }],
    });
  });

  it('warns that changing a saved question’s key disconnects its earlier answers', async () => {
    stored = saved(
      {
        name: 'Existente',
        questions: [
          { key: 'csat', label: 'Satisfacción', type: 'csat', order: 0, required: true, options: [], levels: 5 },
        ],
      },
      9,
    );
    start('/app/surveys/9/edit');
    await waitUntil(() => byTestId('survey-question-key-0') !== null);
    // Saved keys do not follow the label.
    type(input('survey-question-label-0'), 'Satisfacción general');
    expect(keys()).toEqual(['csat']);
    expect(byTestId('survey-question-key-warning-0')).toBeNull();
    type(input('survey-question-key-0'), 'satisfaccion');
    expect(byTestId('survey-question-key-warning-0')?.textContent).toContain('«csat»');
    expect(byTestId('survey-keys-changed')).not.toBeNull();
    act(() => byTestId('survey-save')?.click());
    await waitUntil(() => posts().length === 1);
    expect(posts()).toEqual(['PUT /api/v2/surveys/9']);
    await waitUntil(() => byTestId('survey-keys-changed') === null);
    expect(byTestId('survey-saved-alert')).not.toBeNull();
  });
});
