import type { GeneratedReport, ProgrammedReport } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import {
  activeIds,
  applyProgress,
  bodyOfProgrammed,
  createBody,
  describeSchedule,
  EMPTY_WIZARD,
  firstStepWithErrors,
  formatPeriod,
  listError,
  mergeGeneratedPages,
  mergeReport,
  programmedBody,
  setPeriodicity,
  setProgrammed,
  stateFromProgrammed,
  stepOfField,
  tabFromSearch,
  validateStep,
  validateWizard,
  type WizardState,
} from './model';

const es = i18n.getFixedT('es');
const en = i18n.getFixedT('en');

const filled: WizardState = { ...EMPTY_WIZARD, name: 'Casos de marzo', type: 'tickets', campaigns: [3] };

describe('the tab in the address', () => {
  it('is the generated list unless it says programmed', () => {
    expect(tabFromSearch(new URLSearchParams())).toBe('generated');
    expect(tabFromSearch(new URLSearchParams('tab=programmed'))).toBe('programmed');
    expect(tabFromSearch(new URLSearchParams('tab=other'))).toBe('generated');
  });
});

describe('the wizard’s steps', () => {
  it('stop on the first step without a name and a type, with the contracts’ messages', () => {
    expect(validateStep(EMPTY_WIZARD, 'basics', es)).toEqual({
      name: 'Escriba el nombre del reporte',
      type: 'Elija el tipo de reporte',
    });
    expect(validateStep({ ...EMPTY_WIZARD, name: '  ', type: 'tasks' }, 'basics', en)).toEqual({
      name: 'Enter the report’s name',
    });
  });

  it('ask for at least one campaign before the agents (spec section 5)', () => {
    const state = { ...EMPTY_WIZARD, name: 'X', type: 'tickets' as const };
    expect(validateStep(state, 'basics', es)).toEqual({});
    expect(validateStep(state, 'scope', es)).toEqual({ campaigns: 'Seleccione al menos una campaña' });
    expect(validateStep(state, 'scope', en)).toEqual({ campaigns: 'Select at least one campaign' });
    expect(validateStep({ ...state, campaigns: [1] }, 'scope', es)).toEqual({});
  });

  it('judge a step by its own fields only', () => {
    // The period of a custom report is not judged on the first two steps.
    const custom = { ...filled, preset: 'custom' as const };
    expect(validateStep(custom, 'scope', es)).toEqual({});
    expect(validateStep(custom, 'period', es)).toEqual({ sinceDate: 'Elija la fecha', untilDate: 'Elija la fecha' });
  });

  it('check the custom period’s order and length', () => {
    const custom = { ...filled, preset: 'custom' as const, sinceDate: '2026-03-10', untilDate: '2026-03-01' };
    expect(validateStep(custom, 'period', es)).toEqual({
      untilDate: 'El final debe ser posterior al inicio',
    });
    expect(validateStep({ ...custom, untilDate: '2027-06-01' }, 'period', es)).toEqual({
      untilDate: 'Un reporte puede abarcar hasta 367 días',
    });
    // Same day: the times decide.
    expect(
      validateStep({ ...custom, untilDate: '2026-03-10', sinceTime: '08:00', untilTime: '18:00' }, 'period', es),
    ).toEqual({});
  });

  it('check a programmed report’s recipients', () => {
    const programmed = { ...setProgrammed(filled, true), recipients: ['ok@example.com', 'not an address'] };
    const errors = validateStep(programmed, 'period', es);
    expect(Object.keys(errors)).toEqual(['recipients.1']);
    expect(listError(errors, 'recipients')).toBe('Hay un correo de destinatario no válido');
    expect(validateWizard({ ...programmed, recipients: ['ok@example.com'] }, es)).toEqual({});
  });

  it('send each field to its step, and find the first step with an error', () => {
    expect(stepOfField('name')).toBe('basics');
    expect(stepOfField('agents.0')).toBe('scope');
    expect(stepOfField('untilDate')).toBe('period');
    expect(stepOfField('recipients.3')).toBe('period');
    expect(stepOfField('something')).toBe('summary');
    expect(firstStepWithErrors({ untilDate: 'x', campaigns: 'y' })).toBe('scope');
    expect(firstStepWithErrors({})).toBeNull();
  });
});

describe('the bodies the wizard sends', () => {
  it('a report now: the custom days only with a custom period', () => {
    expect(createBody({ ...filled, sinceDate: '2026-01-01' })).toEqual({
      name: 'Casos de marzo',
      type: 'tickets',
      campaigns: [3],
      agents: [],
      includeCampaigns: false,
      includeAgents: false,
      preset: 'yesterday',
      sinceDate: undefined,
      sinceTime: '00:00',
      untilDate: undefined,
      untilTime: '00:00',
    });
    expect(
      createBody({ ...filled, preset: 'custom', sinceDate: '2026-01-01', untilDate: '2026-02-01', untilTime: '12:30' }),
    ).toMatchObject({ preset: 'custom', sinceDate: '2026-01-01', untilDate: '2026-02-01', untilTime: '12:30' });
  });

  it('a programmed report: the weekday only weekly, the month day only monthly', () => {
    const weekly = setPeriodicity(setProgrammed(filled, true), 'weekly');
    expect(programmedBody({ ...weekly, weekday: 5, hour: 8 })).toMatchObject({
      preset: 'lastWeek',
      periodicity: 'weekly',
      weekday: 5,
      monthDay: null,
      hour: 8,
    });
    const monthly = setPeriodicity(weekly, 'monthly');
    expect(programmedBody({ ...monthly, monthDay: 31 })).toMatchObject({
      preset: 'lastMonth',
      weekday: null,
      monthDay: 31,
    });
  });

  it('turning programmed on leaves a custom period for a preset; a chosen preset stays', () => {
    expect(setProgrammed({ ...filled, preset: 'custom' }, true).preset).toBe('yesterday');
    expect(setProgrammed({ ...filled, preset: 'last7Days' }, true).preset).toBe('last7Days');
    expect(setPeriodicity({ ...filled, programmed: true, preset: 'last7Days' }, 'monthly').preset).toBe('last7Days');
  });

  it('a programmed report round-trips through the wizard (editing it, switching it off)', () => {
    const report: ProgrammedReport = {
      id: 4,
      name: 'Semanal',
      type: 'agentProductivity',
      campaigns: [{ id: 2, name: 'Ventas' }],
      agents: [{ id: 9, name: 'Ana' }],
      includeCampaigns: false,
      includeAgents: true,
      preset: 'lastWeek',
      periodicity: 'weekly',
      weekday: 1,
      monthDay: null,
      hour: 8,
      recipients: ['jefe@example.com'],
      enabled: true,
      nextRunAt: null,
      lastRunAt: null,
      createdAt: '2026-03-01T00:00:00.000Z',
    };
    const state = stateFromProgrammed(report);
    expect(state).toMatchObject({ programmed: true, campaigns: [2], agents: [9], weekday: 1, hour: 8 });
    expect(bodyOfProgrammed(report, { enabled: false })).toEqual({
      name: 'Semanal',
      type: 'agentProductivity',
      campaigns: [2],
      agents: [9],
      includeCampaigns: false,
      includeAgents: true,
      preset: 'lastWeek',
      periodicity: 'weekly',
      weekday: 1,
      monthDay: null,
      hour: 8,
      recipients: ['jefe@example.com'],
      enabled: false,
    });
  });
});

describe('a programmed report’s periodicity in words', () => {
  it('in English and Spanish', () => {
    const weekly = { periodicity: 'weekly' as const, weekday: 1, monthDay: null, hour: 8 };
    const daily = { periodicity: 'daily' as const, weekday: null, monthDay: null, hour: 6 };
    const monthly = { periodicity: 'monthly' as const, weekday: null, monthDay: 1, hour: 7 };
    expect(describeSchedule(weekly, en, 'en')).toBe('Every Monday at 08:00');
    expect(describeSchedule(daily, en, 'en')).toBe('Daily at 06:00');
    expect(describeSchedule(monthly, en, 'en')).toBe('Monthly on day 1 at 07:00');
    expect(describeSchedule(weekly, es, 'es')).toBe('Cada lunes a las 08:00');
    expect(describeSchedule({ ...weekly, weekday: 0 }, es, 'es')).toBe('Cada domingo a las 08:00');
    expect(describeSchedule(daily, es, 'es')).toBe('Todos los días a las 06:00');
    expect(describeSchedule({ ...monthly, monthDay: 31, hour: 23 }, es, 'es')).toBe('Cada mes el día 31 a las 23:00');
  });
});

const report = (patch: Partial<GeneratedReport> = {}): GeneratedReport => ({
  id: 1,
  name: 'R',
  type: 'tickets',
  status: 'generating',
  progress: 40,
  rows: 400,
  size: null,
  downloaded: false,
  createdAt: '2026-03-01T12:00:00.000Z',
  createdBy: { id: 1, nombre: 'Admin' },
  finishedAt: null,
  expiresAt: '2026-03-31T12:00:00.000Z',
  deletedAt: null,
  programmedId: null,
  config: {
    campaigns: [],
    agents: [],
    includeCampaigns: false,
    includeAgents: false,
    preset: 'custom',
    since: '2026-03-01T05:00:00.000Z',
    until: '2026-03-08T05:00:00.000Z',
    timeZone: 'America/Bogota',
  },
  error: null,
  ...patch,
});

describe('the live generated list', () => {
  it('keeps a row the cache saw generated when a list answered earlier arrives after it', () => {
    const page = (rows: GeneratedReport[]) => ({ pages: [{ data: rows, hasMore: false }], pageParams: [undefined] });
    const shown = page([report({ id: 1, status: 'generated', progress: 100, rows: 1000 }), report({ id: 2 })]);
    const stale = page([
      report({ id: 3, status: 'created' }),
      report({ id: 1, status: 'generating', progress: 60 }),
      report({ id: 2, progress: 50 }),
    ]);
    const merged = mergeGeneratedPages(shown, stale);
    expect(merged.pages[0].data.map((row) => [row.id, row.status, row.progress])).toEqual([
      [3, 'created', 40],
      [1, 'generated', 100],
      [2, 'generating', 50],
    ]);
    expect(mergeGeneratedPages(undefined, stale)).toBe(stale);
  });

  it('moves a row forward, never back (a late poll after an event)', () => {
    expect(mergeReport(report(), { status: 'generating', progress: 30, rows: 300 })).toMatchObject({
      progress: 40,
      rows: 400,
    });
    expect(mergeReport(report(), { status: 'generated', progress: 100, rows: 1000 })).toMatchObject({
      status: 'generated',
      rows: 1000,
    });
    expect(mergeReport(report({ status: 'generated' }), { status: 'generating' }).status).toBe('generated');
    expect(
      mergeReport(report({ status: 'created', progress: 0 }), { status: 'generating', progress: 5 }),
    ).toMatchObject({ status: 'generating', progress: 5 });
  });

  it('applies a progress event to the page that holds the row, and tells when none does', () => {
    const list = {
      pages: [
        {
          data: [report({ id: 3, status: 'created', progress: 0, rows: 0 }), report({ id: 2, status: 'generated' })],
          hasMore: true,
        },
        { data: [report({ id: 1, status: 'failed' })], hasMore: false },
      ],
      pageParams: [undefined, 2],
    };
    expect(activeIds(list)).toEqual([3]);
    const applied = applyProgress(list, { id: 3, status: 'generating', progress: 55, rows: 10 });
    expect(applied.found).toBe(true);
    expect(applied.list.pages[0].data[0]).toMatchObject({ status: 'generating', progress: 55, rows: 10 });
    expect(applied.list.pages[1]).toBe(list.pages[1]);
    expect(applyProgress(list, { id: 99, status: 'generating', progress: 1, rows: 1 }).found).toBe(false);
  });

  it('shows the period on the business’s clock: whole days as days, the last one included', () => {
    // 2026-03-01 00:00 to 2026-03-08 00:00 in Bogotá (UTC-5): the 1st to the 7th.
    expect(formatPeriod(report().config, 'en')).toBe('Mar 1, 2026 – Mar 7, 2026');
    expect(formatPeriod(report().config, 'es')).toBe('1 mar 2026 – 7 mar 2026');
    // One day alone.
    expect(formatPeriod({ ...report().config, until: '2026-03-02T05:00:00.000Z' }, 'en')).toBe('Mar 1, 2026');
    // Times that are not midnight are shown, on the business's clock (not UTC's).
    const text = formatPeriod({ ...report().config, since: '2026-03-01T13:00:00.000Z' }, 'en');
    expect(text).toMatch(/^Mar 1, 2026, 8:00\sAM – Mar 8, 2026, 12:00\sAM$/);
    // In UTC the same instants are not whole days.
    expect(formatPeriod({ ...report().config, timeZone: 'UTC' }, 'en')).toMatch(/5:00\sAM/);
  });
});
