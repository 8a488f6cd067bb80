import {
  type Campaign,
  type CampaignConfig,
  type CampaignListItem,
  type campaignBodySchema,
  campaignConfigSchema,
  type campaignListQuerySchema,
  type Page,
  type UserCampaign,
} from '@atiende/contracts';
import type { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { concurrently, type Executor } from '../../platform/db/client.js';
import { sanitizeRichText } from '../../platform/html.js';
import { errors } from '../../platform/http/errors.js';
import { campaignListMemberOf, mayReadCampaign, seesAllCampaigns } from '../../policies/campaigns.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { formsRepo } from '../forms/forms.repo.js';
import { surveysRepo } from '../surveys/surveys.repo.js';
import { usersRepo } from '../users/users.repo.js';
import { type CampaignRow, campaignsRepo } from './campaigns.repo.js';

const CAMPAIGN_CONFIG_DEFAULTS = campaignConfigSchema.parse({});
const CONFIG_KEYS = Object.keys(campaignConfigSchema.shape) as (keyof CampaignConfig)[];

type CampaignBody = z.output<typeof campaignBodySchema>;

/**
 * Normalises the members of a campaign: agents keep only channels the campaign has, and an agent left with no
 * channel leaves the campaign (spec section 4). References must exist.
 */
async function normalise(db: Executor, body: CampaignBody) {
  const channelIds = [...new Set(body.channelIds)];
  if ((await channelsRepo.existingIds(db, channelIds)).length !== channelIds.length) {
    throw errors.invalidField('channelIds', 'campaigns.unknownChannels');
  }
  if (body.formId && (await formsRepo.existingFormIds(db, [body.formId])).length === 0) {
    throw errors.invalidField('formId', 'campaigns.unknownForm');
  }
  if (body.config.surveyId && !(await surveysRepo.exists(db, body.config.surveyId))) {
    throw errors.invalidField('config.surveyId', 'campaigns.unknownSurvey');
  }
  const agents = body.agents
    .map((agent) => ({
      userId: agent.userId,
      channelIds: [...new Set(agent.channelIds)].filter((id) => channelIds.includes(id)),
    }))
    .filter((agent) => agent.channelIds.length > 0);
  const supervisorIds = [...new Set(body.supervisorIds)];
  const people = [
    ...new Set([
      ...agents.map((agent) => agent.userId),
      ...supervisorIds,
      ...(body.responsibleUserId ? [body.responsibleUserId] : []),
    ]),
  ];
  if ((await campaignsRepo.existingPeople(db, people)).length !== people.length) {
    throw errors.invalidField('agents', 'campaigns.unknownUsers');
  }
  return {
    channelIds,
    agents: [...new Map(agents.map((agent) => [agent.userId, agent])).values()],
    supervisorIds,
    scripts: body.scripts.map((script) => ({ title: script.title, body: sanitizeRichText(script.body) })),
    customTabs: body.customTabs.map((tab) => ({
      name: tab.name,
      url: tab.url,
      icon: tab.icon,
      height: tab.height,
      enabled: tab.enabled,
    })),
  };
}

function campaignValues(body: CampaignBody) {
  return {
    name: body.name,
    description: body.description,
    type: body.type,
    formId: body.formId ?? null,
    startDate: body.startDate ?? null,
    endDate: body.endDate ?? null,
    responsibleUserId: body.responsibleUserId ?? null,
    enabled: body.enabled,
    config: body.config,
  };
}

/** Everyone whose rooms a campaign's membership or settings decide (agents and supervisors). */
const memberIds = (campaign: Campaign) => [
  ...campaign.agents.map((agent) => agent.userId),
  ...campaign.supervisors.map((supervisor) => supervisor.id),
];

export function createCampaignsService(ctx: AppContext) {
  const { db } = ctx;

  async function view(id: number): Promise<Campaign> {
    const row = await campaignsRepo.find(db, id);
    if (!row) throw errors.notFound();
    return toCampaign(row);
  }

  async function toCampaign(row: CampaignRow, executor: Executor = db): Promise<Campaign> {
    const [members, responsibleUser] = await concurrently(executor, [
      () => campaignsRepo.members(executor, row.id),
      async () => (row.responsibleUserId ? usersRepo.findById(executor, row.responsibleUserId) : null),
    ]);
    const responsible = responsibleUser ? { id: responsibleUser.id, nombre: responsibleUser.name } : null;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      type: row.type as Campaign['type'],
      enabled: row.enabled,
      startDate: row.startDate,
      endDate: row.endDate,
      responsible,
      channelCount: members.channels.length,
      agentCount: members.agents.length,
      createdAt: row.createdAt.toISOString(),
      formId: row.formId,
      channels: members.channels,
      agents: members.agents,
      supervisors: members.supervisors,
      scripts: members.scripts,
      // Settings added after a campaign was saved read as their defaults.
      config: { ...CAMPAIGN_CONFIG_DEFAULTS, ...row.config },
      customTabs: members.customTabs,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * The campaign as its audit compares it, read in the transaction: members, channels, form and skills by the
   * names they have at this moment, each agent with the channels they serve.
   */
  async function auditSnapshot(tx: Executor, id: number): Promise<AuditSnapshot<'campaign'>> {
    const row = await campaignsRepo.find(tx, id);
    if (!row) throw errors.notFound();
    const campaign = await toCampaign(row, tx);
    const [form] = campaign.formId ? await formsRepo.refs(tx, 'form', [campaign.formId]) : [null];
    const skills = await cataloguesRepo.refs(tx, campaign.config.requiredSkillIds);
    const channelName = new Map(campaign.channels.map((channel) => [channel.id, channel.name]));
    return {
      name: campaign.name,
      description: campaign.description,
      type: campaign.type,
      form,
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      responsible: campaign.responsible && { id: campaign.responsible.id, name: campaign.responsible.nombre },
      enabled: campaign.enabled,
      channels: campaign.channels.map((channel) => ({ id: channel.id, name: channel.name })),
      agents: campaign.agents.map((agent) => {
        const channels = agent.channelIds.map((channelId) => ({
          id: channelId,
          name: channelName.get(channelId) ?? `#${channelId}`,
        }));
        return {
          id: agent.userId,
          name: agent.nombre,
          detail: channels.map((channel) => channel.name).join(', '),
          channels,
        };
      }),
      supervisors: campaign.supervisors.map((supervisor) => ({ id: supervisor.id, name: supervisor.nombre })),
      scripts: campaign.scripts.map((script) => ({ id: script.title, name: script.title, body: script.body })),
      // The settings the schema knows (a stored config may still hold one an older version had).
      config: {
        ...Object.fromEntries(CONFIG_KEYS.map((key) => [key, campaign.config[key]])),
        requiredSkillIds: skills,
      },
      customTabs: campaign.customTabs.map((tab) => ({
        id: tab.name,
        name: tab.name,
        url: tab.url,
        icon: tab.icon,
        height: tab.height,
        enabled: tab.enabled,
      })),
    };
  }

  return {
    async list(actor: AuthContext, query: z.output<typeof campaignListQuerySchema>): Promise<Page<CampaignListItem>> {
      const { data, total } = await campaignsRepo.list(db, {
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        searchText: query.searchText || undefined,
        enabled: query.enabled === 'all' ? undefined : query.enabled === 'true',
        memberUserId: campaignListMemberOf(actor),
      });
      return { data, total, page: query.page, sizePerPage: query.sizePerPage };
    },

    /** Administrators read any campaign; agents and supervisors read the campaigns they work in. */
    async get(actor: AuthContext, id: number): Promise<Campaign> {
      if (!(await mayReadCampaign(db, actor, id))) {
        throw (await campaignsRepo.find(db, id)) ? errors.forbidden() : errors.notFound();
      }
      return view(id);
    },

    async create(actor: AuthContext, body: CampaignBody): Promise<Campaign> {
      const id = await db.transaction(async (tx) => {
        const members = await normalise(tx, body);
        const values = campaignValues(body);
        const created = await campaignsRepo.insert(tx, { ...values, createdBy: actor.userId, updatedBy: actor.userId });
        await campaignsRepo.replaceMembers(tx, created, members);
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'campaign',
          entityId: created,
          action: 'created',
          changes: diffForAudit('campaign', null, await auditSnapshot(tx, created)),
        });
        return created;
      });
      await ctx.events.emit('structure.changed', { kind: 'campaign', id });
      // Its members join its rooms now, and so do those who see every campaign.
      await ctx.realtime.refreshRooms('all');
      return view(id);
    },

    async update(actor: AuthContext, id: number, body: CampaignBody): Promise<Campaign> {
      const before = await view(id);
      await db.transaction(async (tx) => {
        const current = await campaignsRepo.find(tx, id, true);
        if (!current) throw errors.notFound();
        const previous = await auditSnapshot(tx, id);
        const members = await normalise(tx, body);
        const values = campaignValues(body);
        await campaignsRepo.update(tx, id, { ...values, updatedBy: actor.userId });
        await campaignsRepo.replaceMembers(tx, id, members);
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'campaign',
          entityId: id,
          action: 'updated',
          changes: diffForAudit('campaign', previous, await auditSnapshot(tx, id)),
        });
      });
      await ctx.events.emit('structure.changed', { kind: 'campaign', id });
      const after = await view(id);
      // Open sockets follow the change at once: removed members stop hearing the campaign, new ones start.
      await ctx.realtime.refreshRooms(
        before.enabled !== after.enabled ? 'all' : [...new Set([...memberIds(before), ...memberIds(after)])],
      );
      return after;
    },

    async audit(id: number) {
      await view(id);
      return auditRepo.list(db, 'campaign', id);
    },

    /** The header's campaign switcher: everything for administrators, otherwise where the user works. */
    ofUser(actor: AuthContext): Promise<UserCampaign[]> {
      return campaignsRepo.ofUser(db, actor.userId, seesAllCampaigns(actor));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
