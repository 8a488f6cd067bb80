import { type SlaRule, slaRuleBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftToMinutes,
  draftToTargets,
  emptySlaForm,
  formatMinutes,
  formatSeconds,
  minutesToDraft,
  type SlaFormState,
  slaFormToBody,
  slaRuleToForm,
  targetsLine,
} from './model';

const draft = (hours: string, minutes: string) => ({ hours, minutes });

const rule: SlaRule = {
  id: 7,
  name: 'Soporte urgente',
  description: null,
  campaign: { id: 3, name: 'Soporte' },
  enabled: true,
  businessHours: true,
  conditions: { match: 'all', conditions: [] },
  targets: {
    low: { firstResponse: null, nextResponse: null, resolution: 2880 },
    medium: { firstResponse: 240, nextResponse: null, resolution: 1440 },
    high: { firstResponse: 60, nextResponse: 45, resolution: 1440 },
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('targets: minutes ↔ hours and minutes', () => {
  it('splits minutes into the two inputs, empty when not measured', () => {
    expect(minutesToDraft(null)).toEqual(draft('', ''));
    expect(minutesToDraft(undefined)).toEqual(draft('', ''));
    expect(minutesToDraft(90)).toEqual(draft('1', '30'));
    expect(minutesToDraft(45)).toEqual(draft('0', '45'));
    expect(minutesToDraft(120)).toEqual(draft('2', '0'));
    expect(minutesToDraft(525_600)).toEqual(draft('8760', '0'));
  });

  it('joins the two inputs into minutes', () => {
    expect(draftToMinutes(draft('', ''))).toBeNull();
    expect(draftToMinutes(draft('  ', ' '))).toBeNull();
    expect(draftToMinutes(draft('1', '30'))).toBe(90);
    expect(draftToMinutes(draft('2', ''))).toBe(120);
    expect(draftToMinutes(draft('', '15'))).toBe(15);
    // Minutes past an hour are taken as typed.
    expect(draftToMinutes(draft('1', '90'))).toBe(150);
    expect(draftToMinutes(draft('0', '0'))).toBe(0);
  });

  it('gives NaN for what is not a whole number (the schema refuses it)', () => {
    expect(draftToMinutes(draft('1.5', ''))).toBeNaN();
    expect(draftToMinutes(draft('-1', '0'))).toBeNaN();
    expect(draftToMinutes(draft('', 'abc'))).toBeNaN();
    expect(draftToMinutes(draft('1e3', ''))).toBeNaN();
  });

  it('goes both ways for every saved target', () => {
    for (const minutes of [1, 59, 60, 61, 1439, 1440, 525_600]) {
      expect(draftToMinutes(minutesToDraft(minutes))).toBe(minutes);
    }
    expect(draftToTargets(slaRuleToForm(rule).targets)).toEqual(rule.targets);
  });
});

describe('the body', () => {
  const filled = (): SlaFormState => ({
    ...emptySlaForm(3),
    name: 'Urgentes',
    targets: {
      ...emptySlaForm().targets,
      high: { firstResponse: draft('1', ''), nextResponse: draft('', ''), resolution: draft('24', '0') },
    },
  });

  it('sends minutes and null for what is not measured, and passes the shared schema', () => {
    const body = slaFormToBody(filled());
    expect(body).toEqual({
      name: 'Urgentes',
      description: '',
      campaignId: 3,
      enabled: true,
      businessHours: false,
      conditions: { match: 'all', conditions: [] },
      targets: {
        low: { firstResponse: null, nextResponse: null, resolution: null },
        medium: { firstResponse: null, nextResponse: null, resolution: null },
        high: { firstResponse: 60, nextResponse: null, resolution: 1440 },
      },
    });
    expect(slaRuleBodySchema.safeParse(body).success).toBe(true);
  });

  it('is refused with the contracts’ messages at the right fields', () => {
    const issues = (state: SlaFormState) =>
      (slaRuleBodySchema.safeParse(slaFormToBody(state)).error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    // No target at all.
    expect(issues({ ...filled(), targets: emptySlaForm().targets })).toEqual([
      ['targets', 'i18n:automation.sla.targetRequired'],
    ]);
    // 0 h 0 min and a decimal: "at least one minute".
    const state = filled();
    state.targets.medium.resolution = draft('0', '0');
    state.targets.low.firstResponse = draft('1.5', '');
    expect(issues(state)).toEqual([
      ['targets.low.firstResponse', 'i18n:automation.sla.targetInvalid'],
      ['targets.medium.resolution', 'i18n:automation.sla.targetInvalid'],
    ]);
    // No campaign yet.
    expect(issues({ ...filled(), campaignId: '' })).toEqual([
      ['campaignId', 'i18n:automation.rules.referenceRequired'],
    ]);
  });

  it('loads a saved rule into the form', () => {
    const form = slaRuleToForm(rule);
    expect(form.description).toBe('');
    expect(form.businessHours).toBe(true);
    expect(form.targets.high).toEqual({
      firstResponse: draft('1', '0'),
      nextResponse: draft('0', '45'),
      resolution: draft('24', '0'),
    });
    expect(form.targets.low.firstResponse).toEqual(draft('', ''));
  });
});

describe('durations in words', () => {
  it('reads minutes in days, hours and minutes', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(1440)).toBe('1 d');
    expect(formatMinutes(1440 + 180)).toBe('1 d 3 h');
    expect(formatMinutes(0)).toBe('0 min');
  });

  it('reads seconds, under a minute as seconds', () => {
    expect(formatSeconds(null)).toBe('');
    expect(formatSeconds(35)).toBe('35 s');
    expect(formatSeconds(3725)).toBe('1 h 2 min');
    expect(formatSeconds(2 * 86_400 + 3600)).toBe('2 d 1 h');
  });

  it('summarises a priority’s targets for the list', () => {
    expect(targetsLine(rule.targets.high)).toBe('1 h · 45 min · 1 d');
    expect(targetsLine(rule.targets.low)).toBe('— · — · 2 d');
    expect(targetsLine({ firstResponse: null, nextResponse: null, resolution: null })).toBeNull();
  });
});
