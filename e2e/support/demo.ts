import type { Page } from '@playwright/test';
import { apiGet, apiPost, apiPut } from './api.js';

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

/**
 * Routing must hand a web-chat visitor's ticket to the demo agent: room under the campaign's tasks-per-agent limit
 * (the demo agent already holds five tickets) and the other demo agent of the web chat signed out (status D).
 */
export async function prepareWebchatRouting(page: Page): Promise<void> {
  await raiseServiceAgentLimit(page);
  const agents = await apiGet<{ id: number; nombre: string; estado: string }[]>(page, '/api/v2/supervision/agentes');
  const other = agents.find((agent) => agent.nombre.startsWith('Mateo Agente'));
  if (other && other.estado !== 'D') {
    await apiPost(page, `/api/v2/supervision/agentes/${other.id}/estado`, { estado: 'D' });
  }
}
