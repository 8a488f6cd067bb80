import { campaignBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  addAgents,
  campaignFormToBody,
  emptyCampaignForm,
  firstTabWithError,
  rowUid,
  tabOfField,
  toggleAgentChannel,
  withChannels,
} from './model';

describe('campaign agents', () => {
  const agents = [
    { userId: 1, nombre: 'Ana', channelIds: [10, 11] },
    { userId: 2, nombre: 'Beto', channelIds: [11] },
  ];

  it('adds users serving every campaign channel, once', () => {
    const next = addAgents(
      agents,
      [
        { id: 2, nombre: 'Beto' },
        { id: 3, nombre: 'Caro' },
      ],
      [10, 11],
    );
    expect(next.map((agent) => agent.userId)).toEqual([1, 2, 3]);
    expect(next[2]?.channelIds).toEqual([10, 11]);
  });

  it('unchecking the last channel removes the agent', () => {
    expect(toggleAgentChannel(agents, 1, 10, false)[0]?.channelIds).toEqual([11]);
    expect(toggleAgentChannel(agents, 2, 11, false).map((agent) => agent.userId)).toEqual([1]);
    expect(toggleAgentChannel(agents, 2, 10, true)[1]?.channelIds).toEqual([11, 10]);
  });

  it('removing a campaign channel removes it from agents and drops agents left without channels', () => {
    const state = { ...emptyCampaignForm(), channelIds: [10, 11], agents };
    const next = withChannels(state, [10]);
    expect(next.agents).toEqual([{ userId: 1, nombre: 'Ana', channelIds: [10] }]);
  });
});

describe('campaign errors by tab', () => {
  it('maps error paths to tabs and picks the first tab in order', () => {
    expect(tabOfField('name')).toBe('campaign');
    expect(tabOfField('config.tasksPerAgent')).toBe('configuration');
    expect(tabOfField('customTabs.0.url')).toBe('customTabs');
    expect(tabOfField('agents')).toBe('agents');
    expect(firstTabWithError({ 'customTabs.0.url': 'x', 'scripts.1.title': 'y' })).toBe('scripts');
    expect(firstTabWithError({ 'config.serviceLevelTarget': 'x', endDate: 'y' })).toBe('campaign');
    expect(firstTabWithError({})).toBeNull();
  });
});

describe('campaign body', () => {
  it('is valid for the contracts schema with defaults, blanks as null and numeric heights', () => {
    const state = {
      ...emptyCampaignForm(),
      name: 'Ventas',
      customTabs: [
        { uid: rowUid(), name: 'CRM', url: 'https://crm.acme.test', icon: 'web', height: '700', enabled: true },
      ],
      scripts: [{ uid: rowUid(), id: 5, title: 'Saludo', body: '<b>Hola</b>' }],
    };
    const body = campaignFormToBody(state);
    expect(body).toMatchObject({ description: null, startDate: null, endDate: null, formId: null });
    expect(body.customTabs?.[0]).toEqual({
      name: 'CRM',
      url: 'https://crm.acme.test',
      icon: 'web',
      height: 700,
      enabled: true,
    });
    expect(body.scripts?.[0]).toEqual({ id: 5, title: 'Saludo', body: '<b>Hola</b>' });
    expect(campaignBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses an end date before the start date on the end date', () => {
    const body = campaignFormToBody({
      ...emptyCampaignForm(),
      name: 'Ventas',
      startDate: '2026-05-01',
      endDate: '2026-04-01',
    });
    const parsed = campaignBodySchema.safeParse(body);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['endDate'], message: 'i18n:campaigns.datesOrder' });
  });
});
