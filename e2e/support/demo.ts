import type { Page } from '@playwright/test';
import { apiGet, apiPut } from './api.js';

interface Campaign {
  id: number;
  name: string;
  description: string | null;
  type: string;
  enabled: boolean;
  startDate: string | null;
  endDate: string | null;
  formId: number | null;
  responsible: { id: number } | null;
  channels: { id: number }[];
  agents: { userId: number; channelIds: number[] }[];
  supervisors: { id: number }[];
  scripts: { id: number; title: string; body: string }[];
  config: Record<string, unknown>;
  customTabs: unknown[];
}

/**
 * Makes room for routing in the demo campaign "Servicio al cliente": the demo agent already holds its five tickets
 * per agent, so new work would wait. Saves the campaign as it is with a higher limit; returns its id.
 */
export async function raiseServiceAgentLimit(page: Page, tasksPerAgent = 50): Promise<number> {
  const mine = await apiGet<{ id: number; nombre: string }[]>(page, '/api/v2/supervision/obtenerCampanas');
  const campaignId = mine.find((item) => item.nombre === 'Servicio al cliente')?.id as number;
  const campaign = await apiGet<Campaign>(page, `/api/v2/campaigns/${campaignId}`);
  await apiPut(page, `/api/v2/campaigns/${campaignId}`, {
    name: campaign.name,
    description: campaign.description,
    type: campaign.type,
    formId: campaign.formId,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    responsibleUserId: campaign.responsible?.id ?? null,
    enabled: campaign.enabled,
    channelIds: campaign.channels.map((channel) => channel.id),
    agents: campaign.agents.map((agent) => ({ userId: agent.userId, channelIds: agent.channelIds })),
    supervisorIds: campaign.supervisors.map((item) => item.id),
    scripts: campaign.scripts,
    config: { ...campaign.config, tasksPerAgent },
    customTabs: campaign.customTabs,
  });
  return campaignId;
}
