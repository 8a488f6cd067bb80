import {
  type CAMPAIGN_TYPES,
  type Campaign,
  type CampaignBody,
  type CampaignConfig,
  campaignConfigSchema,
} from '@atiende/contracts';

export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_TABS = [
  'campaign',
  'channels',
  'agents',
  'supervisors',
  'accounts',
  'scripts',
  'configuration',
  'customTabs',
] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

export interface AgentRow {
  userId: number;
  nombre: string;
  channelIds: number[];
}

export interface ScriptRow {
  uid: string;
  id?: number;
  title: string;
  body: string;
}

export interface CustomTabRow {
  uid: string;
  id?: number;
  name: string;
  url: string;
  icon: string;
  height: string;
  enabled: boolean;
}

export interface CampaignFormState {
  name: string;
  description: string;
  type: CampaignType;
  formId: number | null;
  startDate: string;
  endDate: string;
  responsibleUserId: number | null;
  enabled: boolean;
  channelIds: number[];
  agents: AgentRow[];
  supervisorIds: number[];
  scripts: ScriptRow[];
  config: CampaignConfig;
  customTabs: CustomTabRow[];
}

let counter = 0;
export function rowUid(): string {
  counter += 1;
  return `r${counter}`;
}

export const DEFAULT_CONFIG: CampaignConfig = campaignConfigSchema.parse({});

export function emptyCampaignForm(): CampaignFormState {
  return {
    name: '',
    description: '',
    type: 'inbound',
    formId: null,
    startDate: '',
    endDate: '',
    responsibleUserId: null,
    enabled: true,
    channelIds: [],
    agents: [],
    supervisorIds: [],
    scripts: [],
    config: { ...DEFAULT_CONFIG },
    customTabs: [],
  };
}

export function campaignToForm(campaign: Campaign): CampaignFormState {
  return {
    name: campaign.name,
    description: campaign.description ?? '',
    type: campaign.type,
    formId: campaign.formId,
    startDate: campaign.startDate?.slice(0, 10) ?? '',
    endDate: campaign.endDate?.slice(0, 10) ?? '',
    responsibleUserId: campaign.responsible?.id ?? null,
    enabled: campaign.enabled,
    channelIds: campaign.channels.map((channel) => channel.id),
    agents: campaign.agents.map((agent) => ({ ...agent, channelIds: [...agent.channelIds] })),
    supervisorIds: campaign.supervisors.map((user) => user.id),
    scripts: campaign.scripts.map((script) => ({ ...script, uid: rowUid() })),
    config: { ...DEFAULT_CONFIG, ...campaign.config },
    customTabs: campaign.customTabs.map((tab) => ({ ...tab, height: String(tab.height), uid: rowUid() })),
  };
}

export function campaignFormToBody(state: CampaignFormState): CampaignBody {
  return {
    name: state.name,
    description: state.description.trim() ? state.description : null,
    type: state.type,
    formId: state.formId,
    startDate: state.startDate || null,
    endDate: state.endDate || null,
    responsibleUserId: state.responsibleUserId,
    enabled: state.enabled,
    channelIds: state.channelIds,
    agents: state.agents.map((agent) => ({ userId: agent.userId, channelIds: agent.channelIds })),
    supervisorIds: state.supervisorIds,
    scripts: state.scripts.map((script) => ({
      ...(script.id ? { id: script.id } : {}),
      title: script.title,
      body: script.body,
    })),
    config: state.config,
    customTabs: state.customTabs.map((tab) => ({
      ...(tab.id ? { id: tab.id } : {}),
      name: tab.name,
      url: tab.url,
      icon: tab.icon,
      height: Number(tab.height),
      enabled: tab.enabled,
    })),
  };
}

/**
 * New campaign channels: agents keep only channels still in the campaign, and an agent left without channels
 * leaves the campaign (as the server does).
 */
export function withChannels(state: CampaignFormState, channelIds: number[]): CampaignFormState {
  const agents = state.agents
    .map((agent) => ({ ...agent, channelIds: agent.channelIds.filter((id) => channelIds.includes(id)) }))
    .filter((agent) => agent.channelIds.length > 0);
  return { ...state, channelIds, agents };
}

/** Adds users as agents serving every campaign channel (users already agents are left as they are). */
export function addAgents(
  agents: readonly AgentRow[],
  users: readonly { id: number; nombre: string }[],
  channelIds: readonly number[],
): AgentRow[] {
  const present = new Set(agents.map((agent) => agent.userId));
  const added = users
    .filter((user) => !present.has(user.id))
    .map((user) => ({ userId: user.id, nombre: user.nombre, channelIds: [...channelIds] }));
  return [...agents, ...added];
}

/** Checks or unchecks one channel of an agent; unchecking the last one removes the agent. */
export function toggleAgentChannel(
  agents: readonly AgentRow[],
  userId: number,
  channelId: number,
  checked: boolean,
): AgentRow[] {
  return agents
    .map((agent) => {
      if (agent.userId !== userId) return agent;
      const channelIds = checked
        ? [...new Set([...agent.channelIds, channelId])]
        : agent.channelIds.filter((id) => id !== channelId);
      return { ...agent, channelIds };
    })
    .filter((agent) => agent.channelIds.length > 0);
}

const FIELD_TABS: Record<string, CampaignTab> = {
  channelIds: 'channels',
  agents: 'agents',
  supervisorIds: 'supervisors',
  scripts: 'scripts',
  config: 'configuration',
  customTabs: 'customTabs',
};

/** The tab that shows an error path (`config.tasksPerAgent` → configuration). */
export function tabOfField(path: string): CampaignTab {
  const head = path.split('.')[0] ?? '';
  return FIELD_TABS[head] ?? 'campaign';
}

/** The first tab (in tab order) holding one of the errors, or null. */
export function firstTabWithError(errors: Record<string, string>): CampaignTab | null {
  const tabs = new Set(Object.keys(errors).map(tabOfField));
  return CAMPAIGN_TABS.find((tab) => tabs.has(tab)) ?? null;
}

/** Tabs that hold errors (for a marker on the tab). */
export function tabsWithErrors(errors: Record<string, string>): Set<CampaignTab> {
  return new Set(Object.keys(errors).map(tabOfField));
}

export const CONFIG_NUMBERS = [
  'serviceLevelSeconds',
  'serviceLevelTarget',
  'averageHandlingSeconds',
  'tasksPerAgent',
] as const satisfies readonly (keyof CampaignConfig)[];

export const CONFIG_SWITCHES = [
  'autoAssign',
  'preferCustomerOwner',
  'transcriptionSending',
  'agentTransfer',
  'campaignTransfer',
  'autocomplete',
  'allowAllTickets',
  'otherContactInfo',
  'closeWithoutTask',
  'closeWithoutCustomerInfo',
] as const satisfies readonly (keyof CampaignConfig)[];
