import { type Segmentation, type SegmentationDashboard, segmentationBodySchema } from '@atiende/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { moveItem } from '../rules/model';
import {
  conditionFieldLabel,
  dashboardFigures,
  defaultStartTime,
  emptySegmentationForm,
  movedCount,
  newSegment,
  type SegmentationFormState,
  segmentationFormToBody,
  segmentationToForm,
} from './model';

const saved: Segmentation = {
  id: 8,
  name: 'Reparto de reclamos',
  description: null,
  baseCampaign: { id: 3, name: 'Soporte' },
  kind: 'automation',
  triggerWhen: null,
  startTime: '2026-11-27T08:00:00.000Z',
  frequencyHours: 6,
  enabled: true,
  segments: [
    {
      id: 21,
      name: 'Urgentes',
      destinationCampaign: { id: 4, name: 'Escalamiento' },
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.priority', operator: 'equals', type: 'enum', value: 2 }],
      },
    },
    {
      id: 22,
      name: 'Resto',
      destinationCampaign: { id: 5, name: 'Ventas' },
      conditions: { match: 'all', conditions: [] },
    },
  ],
  nextRunAt: '2026-11-27T14:00:00.000Z',
  lastRunAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** The issues of the form's body, by path. */
function issuesOf(state: SegmentationFormState): Record<string, string> {
  const issues = segmentationBodySchema.safeParse(segmentationFormToBody(state)).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('segmentation form', () => {
  it('round-trips a saved segmentation into a valid body, the start as the same instant', () => {
    const form = segmentationToForm(saved);
    // The start field shows the browser's local time.
    expect(form.startTime).toBe(dayjs('2026-11-27T08:00:00.000Z').format('YYYY-MM-DDTHH:mm'));
    const body = segmentationFormToBody(form);
    expect(body).toEqual({
      name: 'Reparto de reclamos',
      description: '',
      baseCampaignId: 3,
      kind: 'automation',
      triggerWhen: null,
      startTime: expect.stringMatching(/^2026-11-2\dT\d\d:00:00[+-]\d\d:\d\d$/),
      frequencyHours: 6,
      enabled: true,
      segments: [
        { name: 'Urgentes', destinationCampaignId: 4, conditions: saved.segments[0].conditions },
        { name: 'Resto', destinationCampaignId: 5, conditions: { match: 'all', conditions: [] } },
      ],
    });
    // An ISO instant with the browser's offset, the same moment as saved.
    expect(new Date(body.startTime as string).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(segmentationBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends the kind’s own settings only', () => {
    const trigger: SegmentationFormState = {
      ...segmentationToForm(saved),
      kind: 'trigger',
      triggerWhen: 'taskCreated',
    };
    expect(segmentationFormToBody(trigger)).toMatchObject({
      kind: 'trigger',
      triggerWhen: 'taskCreated',
      startTime: null,
      frequencyHours: null,
    });
    expect(segmentationBodySchema.safeParse(segmentationFormToBody(trigger)).success).toBe(true);
    expect(issuesOf({ ...trigger, triggerWhen: '' })).toEqual({ triggerWhen: 'i18n:automation.rules.triggerRequired' });

    const automation = segmentationToForm(saved);
    expect(issuesOf({ ...automation, startTime: '', frequencyHours: '' })).toEqual({
      startTime: 'i18n:automation.segmentation.startRequired',
      frequencyHours: 'i18n:automation.segmentation.frequencyRequired',
    });
    expect(Object.keys(issuesOf({ ...automation, frequencyHours: '721' }))).toEqual(['frequencyHours']);
    expect(Object.keys(issuesOf({ ...automation, frequencyHours: '0' }))).toEqual(['frequencyHours']);
  });

  it('a trigger segmentation switched to a schedule starts at the next hour, every 24 hours', () => {
    const now = new Date(2026, 10, 27, 9, 41);
    const form = segmentationToForm({ ...saved, kind: 'trigger', triggerWhen: 'ticketUpdated' }, now);
    expect(form).toMatchObject({ kind: 'trigger', triggerWhen: 'ticketUpdated', startTime: '2026-11-27T10:00' });
    expect(defaultStartTime(new Date(2026, 11, 31, 23, 5))).toBe('2027-01-01T00:00');
    expect(segmentationFormToBody({ ...form, kind: 'automation' })).toMatchObject({
      kind: 'automation',
      triggerWhen: null,
      frequencyHours: 6,
    });
    expect(emptySegmentationForm('', now)).toMatchObject({
      kind: 'trigger',
      triggerWhen: 'ticketUpdated',
      startTime: '2026-11-27T10:00',
      frequencyHours: '24',
    });
  });

  it('flags what a new form still lacks at its fields', () => {
    const form = emptySegmentationForm();
    expect(form.segments).toHaveLength(1);
    expect(issuesOf(form)).toEqual({
      name: 'i18n:automation.segmentation.nameRequired',
      baseCampaignId: 'i18n:automation.rules.referenceRequired',
      'segments.0.name': 'i18n:automation.segmentation.segmentNameRequired',
      'segments.0.destinationCampaignId': 'i18n:automation.rules.referenceRequired',
    });
    expect(issuesOf({ ...form, name: 'Reparto', baseCampaignId: 3, segments: [] })).toEqual({
      segments: 'i18n:automation.segmentation.segmentRequired',
    });
  });

  it('refuses a destination equal to the base campaign, at that segment', () => {
    const form: SegmentationFormState = {
      ...segmentationToForm(saved),
      segments: [
        newSegment({ name: 'A', destinationCampaignId: 4 }),
        newSegment({ name: 'B', destinationCampaignId: 3 }),
      ],
    };
    expect(issuesOf(form)).toEqual({ 'segments.1.destinationCampaignId': 'i18n:automation.segmentation.sameCampaign' });
  });

  it('refuses changedTo in a segment (segments are sorted on a schedule too)', () => {
    const form: SegmentationFormState = {
      ...segmentationToForm(saved),
      segments: [
        newSegment({
          name: 'A',
          destinationCampaignId: 4,
          conditions: {
            match: 'all',
            conditions: [{ field: 'ticket.status', operator: 'changedTo', type: 'enum', value: 4 }],
          },
        }),
      ],
    };
    const issues = issuesOf(form);
    expect(Object.keys(issues)).toEqual([expect.stringMatching(/^segments\.0\.conditions/)]);
  });

  it('gives each segment its own key, which follows it when moved', () => {
    const segments = segmentationToForm(saved).segments;
    expect(segments[0].key).not.toBe(segments[1].key);
    const moved = moveItem(segments, 0, 1);
    expect(moved.map((segment) => segment.name)).toEqual(['Resto', 'Urgentes']);
    expect(moved.map((segment) => segment.key)).toEqual([segments[1].key, segments[0].key]);
    expect(segmentationFormToBody({ ...segmentationToForm(saved), segments: moved }).segments[0].name).toBe('Resto');
  });
});

describe('segmentation dashboard', () => {
  const dashboard: SegmentationDashboard = {
    segmentation: saved,
    openCases: 40,
    matchingNow: [{ segmentId: 21, count: 12 }],
    syncedFields: ['ticket.priority', 'form.motivo'],
    lastRuns: [],
  };

  it('counts the initial cases, each segment in order and the final cases', () => {
    expect(dashboardFigures(dashboard)).toEqual({
      initial: 40,
      segments: [
        { segmentId: 21, name: 'Urgentes', destination: { id: 4, name: 'Escalamiento' }, count: 12 },
        { segmentId: 22, name: 'Resto', destination: { id: 5, name: 'Ventas' }, count: 0 },
      ],
      moved: 12,
      final: 28,
    });
    expect(
      dashboardFigures({ ...dashboard, matchingNow: [...dashboard.matchingNow, { segmentId: 22, count: 28 }] }).final,
    ).toBe(0);
    expect(movedCount({ moved: [{ count: 3 }, { count: 4 }] })).toBe(7);
  });

  it('names the synced fields as the builder does: form fields by their label, else their key', async () => {
    await i18n.changeLanguage('es');
    const t = i18n.getFixedT('es');
    const formFields = [{ key: 'motivo', label: 'Motivo de contacto', type: 'list' as const, options: [] }];
    expect(conditionFieldLabel('ticket.priority', formFields, t)).toBe('Caso · Prioridad');
    expect(conditionFieldLabel('customer.labels', formFields, t)).toBe('Cliente · Etiquetas');
    expect(conditionFieldLabel('form.motivo', formFields, t)).toBe('Campos del formulario · Motivo de contacto');
    expect(conditionFieldLabel('form.ciudad', formFields, t)).toBe('Campos del formulario · ciudad');
    expect(conditionFieldLabel('ticket.unknown', formFields, t)).toBe('ticket.unknown');
    expect(conditionFieldLabel('ticket.priority', [], i18n.getFixedT('en'))).toBe('Ticket · Priority');
  });
});
