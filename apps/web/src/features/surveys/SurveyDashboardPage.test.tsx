import type { Survey, SurveyAnalysis, SurveyParticipant } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, calls, envelope, mount, settle, type, waitUntil } from '../../test/dom';
import i18n from './i18n';
import { SurveyDashboardPage } from './SurveyDashboardPage';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

// The charts draw SVG from measured sizes (nothing to measure here): a stand-in lists the bars' values.
vi.mock('@mui/x-charts/BarChart', () => ({
  BarChart: ({ series }: { series: { data: number[] }[] }) => (
    <svg data-testid="bar-chart" data-values={series.map((item) => item.data.join(',')).join('|')} />
  ),
}));

const question = (key: string, label: string, type: Survey['questions'][number]['type'], order: number) => ({
  key,
  label,
  description: '',
  type,
  order,
  required: false,
  defaultValue: null,
  options: type === 'radio' ? [{ label: 'Sí' }, { label: 'No' }] : [],
  levels: type === 'csat' ? 5 : null,
});

const survey: Survey = {
  id: 4,
  name: 'Postventa',
  description: '',
  confirmationMessage: '',
  primaryColor: '#1565c0',
  displayBusinessLogo: true,
  businessLogoHeight: 48,
  expirationDays: 0,
  expirationFrom: 'link',
  responseType: 'unique',
  enabled: true,
  questions: [
    question('csat', 'Satisfacción', 'csat', 0),
    question('nps', 'Recomendación', 'nps', 1),
    question('volveria', '¿Volvería?', 'radio', 2),
    question('comentario', 'Comentario', 'textarea', 3),
  ],
  publicUrl: 'https://atiende.test/s/general-4',
  campaigns: [{ id: 2, name: 'Ventas' }],
  responses: 8,
  createdBy: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
};

const empty = { distribution: [], average: null, min: null, max: null, satisfaction: null, nps: null, latest: [] };
const analysis: SurveyAnalysis = {
  responses: 8,
  participants: 6,
  linksSent: 10,
  linksAnswered: 4,
  firstResponseAt: '2026-12-02T10:00:00.000Z',
  lastResponseAt: '2026-12-05T16:30:00.000Z',
  perDay: [
    { date: '2026-12-02', count: 3 },
    { date: '2026-12-05', count: 5 },
  ],
  questions: [
    {
      ...empty,
      key: 'csat',
      label: 'Satisfacción',
      type: 'csat',
      answered: 8,
      skipped: 0,
      distribution: [1, 2, 3, 4, 5]
        .map((point) => ({ label: String(point), count: point === 5 ? 4 : point === 4 ? 2 : 1 }))
        .slice(0, 5),
      average: 4,
      satisfaction: 75,
    },
    {
      ...empty,
      key: 'nps',
      label: 'Recomendación',
      type: 'nps',
      answered: 8,
      skipped: 0,
      distribution: Array.from({ length: 11 }, (_, point) => ({
        label: String(point),
        count: point >= 9 ? 2 : point === 7 ? 2 : point === 3 ? 2 : 0,
      })),
      average: 7.5,
      nps: { promoters: 4, passives: 2, detractors: 2, score: 25 },
    },
    {
      ...empty,
      key: 'volveria',
      label: '¿Volvería?',
      type: 'radio',
      answered: 7,
      skipped: 1,
      distribution: [
        { label: 'Sí', count: 6 },
        { label: 'No', count: 1 },
      ],
    },
    {
      ...empty,
      key: 'comentario',
      label: 'Comentario',
      type: 'textarea',
      answered: 2,
      skipped: 6,
      latest: [{ value: 'Muy amables', at: '2026-12-05T16:30:00.000Z' }],
    },
  ],
};

const participants: SurveyParticipant[] = [
  {
    responseId: 51,
    customer: { id: 9, name: 'Ana Pérez' },
    ticketId: 700,
    source: 'personal',
    submittedAt: '2026-12-05T16:30:00.000Z',
    answers: { csat: 5, nps: 10, volveria: 'Sí', comentario: 'Muy amables' },
  },
  {
    responseId: 52,
    customer: null,
    ticketId: null,
    source: 'general',
    submittedAt: '2026-12-04T09:00:00.000Z',
    answers: { csat: 3, nps: null },
  },
];

let root: Root | null = null;
const fetchMock = vi.fn();
let reportAnswer: () => Response;
let router: ReturnType<typeof createMemoryRouter>;

beforeEach(async () => {
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  reportAnswer = () =>
    new Response(new Blob(['xlsx']), {
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="postventa.xlsx"' },
    });
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    if (path.endsWith('/surveys/4')) return envelope(survey);
    if (path.endsWith('/analysis')) return envelope(analysis);
    if (path.endsWith('/participants')) return envelope({ data: participants, total: 2, page: 1, sizePerPage: 10 });
    if (path.endsWith('/links') && init?.method === 'POST') {
      return envelope(
        {
          id: 3,
          url: 'https://atiende.test/s/p3',
          customer: { id: 9, name: 'Ana' },
          ticketId: null,
          expiresAt: null,
          createdAt: '2026-12-06T00:00:00.000Z',
        },
        201,
      );
    }
    if (path.endsWith('/links')) return envelope({ data: [], total: 0, page: 1, sizePerPage: 10 });
    if (path.endsWith('/report')) return reportAnswer();
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  router = createMemoryRouter(
    [
      { path: '/app/surveys/:id/dashboard', element: <SurveyDashboardPage /> },
      { path: '/app/tickets/:id/view', element: <p data-testid="ticket-view">ticket</p> },
    ],
    { initialEntries: ['/app/surveys/4/dashboard?source=personal&campaignId=2&from=2026-12-01'] },
  );
  root = mount(<RouterProvider router={router} />).root;
  await waitUntil(() => byTestId('survey-analysis-responses') !== null);
  await settle();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const text = (testId: string) => byTestId(testId)?.textContent;

describe('SurveyDashboardPage', () => {
  it('asks with the filters of the query string and shows the general figures', () => {
    expect(calls(fetchMock)).toContain('GET /api/v2/surveys/4/analysis?from=2026-12-01&source=personal&campaignId=2');
    expect(text('survey-analysis-responses-value')).toBe('8');
    expect(text('survey-analysis-participants-value')).toBe('6');
    expect(text('survey-analysis-links-value')).toBe('10');
    expect(text('survey-analysis-links')).toContain('4 respondidos');
    expect(text('survey-analysis-rate-value')).toBe('40 %');
    expect(byTestId('survey-filter-source')?.textContent).toBe('Enlaces personales');
    expect(byTestId('survey-filter-campaign')?.textContent).toBe('Ventas');
    expect(byTestId('survey-per-day-chart')?.getAttribute('aria-label')).toBe('Gráfico: Respuestas por día');
    expect(byTestId('survey-per-day-table')?.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('shows each question as its type reads best', () => {
    expect(text('survey-question-satisfaction-csat')).toBe('75 %');
    expect(text('survey-question-average-csat')).toBe('4');
    expect(text('survey-question-nps-nps')).toBe('25');
    expect(text('survey-question-nps-groups-nps-promoters')).toBe('Promotores (9-10): 4 (50 %)');
    expect(text('survey-question-nps-groups-nps-detractors')).toBe('Detractores (0-6): 2 (25 %)');
    const choices = byTestId('survey-question-chart-volveria');
    expect(choices?.querySelector('[data-testid="bar-chart"]')?.getAttribute('data-values')).toBe('6,1');
    expect(text('survey-question-answered-volveria')).toContain('7 respuestas, 1 sin responder');
    const rows = byTestId('survey-question-table-volveria')?.querySelectorAll('tbody tr');
    expect([...(rows ?? [])].map((row) => row.textContent)).toEqual(['Sí685,7 %', 'No114,3 %']);
    expect(text('survey-question-latest-comentario')).toContain('Muy amables');
  });

  it('lists participants with their ticket and opens every answer', async () => {
    await waitUntil(() => byTestId('survey-participant-51') !== null);
    expect(text('survey-participant-51')).toContain('Ana Pérez');
    expect(text('survey-participant-52')).toContain('Enlace general');
    expect(byTestId('survey-participant-ticket-51')?.getAttribute('href')).toBe('/app/tickets/700/view');
    act(() => byTestId('survey-participant-open-51')?.click());
    await settle();
    expect(text('survey-participant-answer-comentario')).toBe('Muy amables');
    expect(text('survey-participant-answer-nps')).toBe('10');
  });

  it('says whether the report was downloaded, blocked or failed', async () => {
    act(() => byTestId('survey-report')?.click());
    await waitUntil(() => text('snackbar')?.includes('descargó automáticamente') === true);
    expect(calls(fetchMock)).toContain('GET /api/v2/surveys/4/report?from=2026-12-01&source=personal&campaignId=2');

    URL.createObjectURL = vi.fn(() => {
      throw new Error('blocked');
    });
    act(() => byTestId('survey-report')?.click());
    await waitUntil(() => text('snackbar')?.includes('bloqueador de ventanas emergentes') === true);

    reportAnswer = () => envelope(null, 500);
    act(() => byTestId('survey-report')?.click());
    await waitUntil(() => text('snackbar')?.includes('consulte al soporte técnico') === true);
  });

  it('creates a personal link for a customer, after checking one was given', async () => {
    act(() => byTestId('survey-link-create')?.click());
    await settle();
    expect(byTestId('survey-link-customer')?.closest('.MuiFormControl-root')?.textContent).toContain(
      'Elija un cliente o un caso',
    );
    type(byTestId('survey-link-customer') as HTMLInputElement, '9');
    act(() => byTestId('survey-link-create')?.click());
    await waitUntil(() => byTestId('survey-link-created') !== null);
    expect((byTestId('survey-link-created') as HTMLInputElement).value).toBe('https://atiende.test/s/p3');
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body;
    expect(JSON.parse(String(sent))).toEqual({ customerId: 9, ticketId: null });
    expect((byTestId('survey-public-url') as HTMLInputElement).value).toBe('https://atiende.test/s/general-4');
  });
});
