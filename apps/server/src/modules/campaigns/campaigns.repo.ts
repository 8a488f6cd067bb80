import type { CampaignListItem, UserCampaign } from '@atiende/contracts';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { concurrently, type Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { channels } from '../channels/channels.schema.js';
import { users } from '../users/users.schema.js';
import {
  campaignAgentChannels,
  campaignChannels,
  campaignCustomTabs,
  campaignScripts,
  campaignSupervisors,
  campaigns,
} from './campaigns.schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Omit<typeof campaigns.$inferInsert, 'id'>;

export interface CampaignListFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
  enabled?: boolean;
  /** Only campaigns this user works in (agent or supervisor). */
  memberUserId?: number;
}

const SORT = { name: campaigns.name, createdAt: campaigns.createdAt, id: campaigns.id } as const;

const memberOf = (userId: number) =>
  sql`(exists (select 1 from campaign_agent_channels a where a.campaign_id = "campaigns"."id" and a.user_id = ${userId})
    or exists (select 1 from campaign_supervisors s where s.campaign_id = "campaigns"."id" and s.user_id = ${userId}))`;

export const campaignsRepo = {
  async list(db: Executor, filter: CampaignListFilter): Promise<{ data: CampaignListItem[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.enabled !== undefined) conditions.push(eq(campaigns.enabled, filter.enabled));
    if (filter.searchText) conditions.push(ilike(campaigns.name, `%${escapeLike(filter.searchText)}%`));
    if (filter.memberUserId !== undefined) conditions.push(memberOf(filter.memberUserId));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = SORT[filter.sortName];
    const { rows, total } = await pageOf(
      db,
      filter,
      (window) =>
        db
          .select({
            campaign: campaigns,
            responsibleName: users.name,
            channelCount: sql<number>`(select count(*)::int from campaign_channels c where c.campaign_id = "campaigns"."id")`,
            agentCount: sql<number>`(select count(distinct a.user_id)::int from campaign_agent_channels a
              where a.campaign_id = "campaigns"."id")`,
          })
          .from(campaigns)
          .leftJoin(users, eq(users.id, campaigns.responsibleUserId))
          .where(where)
          .orderBy(filter.sortOrder === 'desc' ? desc(column) : asc(column), asc(campaigns.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, campaigns, where),
    );
    return {
      data: rows.map((row) => ({
        id: row.campaign.id,
        name: row.campaign.name,
        description: row.campaign.description,
        type: row.campaign.type as CampaignListItem['type'],
        enabled: row.campaign.enabled,
        startDate: row.campaign.startDate,
        endDate: row.campaign.endDate,
        responsible: row.campaign.responsibleUserId
          ? { id: row.campaign.responsibleUserId, nombre: row.responsibleName ?? '' }
          : null,
        channelCount: row.channelCount,
        agentCount: row.agentCount,
        createdAt: row.campaign.createdAt.toISOString(),
      })),
      total,
    };
  },

  async find(db: Executor, id: number, lock = false): Promise<CampaignRow | null> {
    const query = db.select().from(campaigns).where(eq(campaigns.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insert(db: Executor, values: CampaignValues): Promise<number> {
    const [row] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
    return row.id;
  },

  async update(db: Executor, id: number, values: Partial<CampaignValues>): Promise<void> {
    await db
      .update(campaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(campaigns.id, id));
  },

  /** Replaces channels, agents (per channel), supervisors, scripts and custom tabs of a campaign. */
  async replaceMembers(
    db: Executor,
    campaignId: number,
    members: {
      channelIds: number[];
      agents: { userId: number; channelIds: number[] }[];
      supervisorIds: number[];
      scripts: { title: string; body: string }[];
      customTabs: { name: string; url: string; icon: string; height: number; enabled: boolean }[];
    },
  ): Promise<void> {
    await db.delete(campaignChannels).where(eq(campaignChannels.campaignId, campaignId));
    await db.delete(campaignAgentChannels).where(eq(campaignAgentChannels.campaignId, campaignId));
    await db.delete(campaignSupervisors).where(eq(campaignSupervisors.campaignId, campaignId));
    await db.delete(campaignScripts).where(eq(campaignScripts.campaignId, campaignId));
    await db.delete(campaignCustomTabs).where(eq(campaignCustomTabs.campaignId, campaignId));
    if (members.channelIds.length) {
      await db.insert(campaignChannels).values(members.channelIds.map((channelId) => ({ campaignId, channelId })));
    }
    const agentRows = members.agents.flatMap((agent) =>
      agent.channelIds.map((channelId) => ({ campaignId, userId: agent.userId, channelId })),
    );
    if (agentRows.length) await db.insert(campaignAgentChannels).values(agentRows);
    if (members.supervisorIds.length) {
      await db.insert(campaignSupervisors).values(members.supervisorIds.map((userId) => ({ campaignId, userId })));
    }
    if (members.scripts.length) {
      await db
        .insert(campaignScripts)
        .values(members.scripts.map((script, position) => ({ campaignId, ...script, position })));
    }
    if (members.customTabs.length) {
      await db
        .insert(campaignCustomTabs)
        .values(members.customTabs.map((tab, position) => ({ campaignId, ...tab, position })));
    }
  },

  async members(db: Executor, campaignId: number) {
    const [channelRows, agentRows, supervisorRows, scripts, customTabs] = await concurrently(db, [
      () =>
        db
          .select({ id: channels.id, name: channels.name, type: channels.type })
          .from(campaignChannels)
          .innerJoin(channels, eq(channels.id, campaignChannels.channelId))
          .where(eq(campaignChannels.campaignId, campaignId))
          .orderBy(channels.name),
      () =>
        db
          .select({
            userId: campaignAgentChannels.userId,
            nombre: users.name,
            channelId: campaignAgentChannels.channelId,
          })
          .from(campaignAgentChannels)
          .innerJoin(users, eq(users.id, campaignAgentChannels.userId))
          .where(eq(campaignAgentChannels.campaignId, campaignId))
          .orderBy(users.name),
      () =>
        db
          .select({ id: users.id, nombre: users.name })
          .from(campaignSupervisors)
          .innerJoin(users, eq(users.id, campaignSupervisors.userId))
          .where(eq(campaignSupervisors.campaignId, campaignId))
          .orderBy(users.name),
      () =>
        db
          .select({ id: campaignScripts.id, title: campaignScripts.title, body: campaignScripts.body })
          .from(campaignScripts)
          .where(eq(campaignScripts.campaignId, campaignId))
          .orderBy(campaignScripts.position),
      () =>
        db
          .select({
            id: campaignCustomTabs.id,
            name: campaignCustomTabs.name,
            url: campaignCustomTabs.url,
            icon: campaignCustomTabs.icon,
            height: campaignCustomTabs.height,
            enabled: campaignCustomTabs.enabled,
          })
          .from(campaignCustomTabs)
          .where(eq(campaignCustomTabs.campaignId, campaignId))
          .orderBy(campaignCustomTabs.position),
    ]);
    const agents = new Map<number, { userId: number; nombre: string; channelIds: number[] }>();
    for (const row of agentRows) {
      const agent = agents.get(row.userId) ?? { userId: row.userId, nombre: row.nombre, channelIds: [] };
      agent.channelIds.push(row.channelId);
      agents.set(row.userId, agent);
    }
    return { channels: channelRows, agents: [...agents.values()], supervisors: supervisorRows, scripts, customTabs };
  },

  async isMember(db: Executor, campaignId: number, userId: number): Promise<boolean> {
    const result = await db.execute(sql`select 1 from campaigns where id = ${campaignId} and ${memberOf(userId)}`);
    return result.rows.length > 0;
  },

  /** The campaigns a user works in, with the role they have there. */
  async ofUser(db: Executor, userId: number, everything: boolean): Promise<UserCampaign[]> {
    const result = await db.execute<{ id: string; name: string; type: string; role: UserCampaign['rol'] }>(sql`
      select c.id, c.name, c.type,
        case when exists (select 1 from campaign_supervisors s where s.campaign_id = c.id and s.user_id = ${userId})
               then 'supervisor'
             when exists (select 1 from campaign_agent_channels a where a.campaign_id = c.id and a.user_id = ${userId})
               then 'agent'
             else 'admin' end as role
      from campaigns c
      where c.enabled and (${everything} or exists (select 1 from campaign_supervisors s where s.campaign_id = c.id
        and s.user_id = ${userId}) or exists (select 1 from campaign_agent_channels a where a.campaign_id = c.id
        and a.user_id = ${userId}))
      order by c.name
      limit 500`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      nombre: row.name,
      tipo: row.type as UserCampaign['tipo'],
      rol: row.role,
    }));
  },

  /**
   * Campaigns whose every ticket the user may read (the tickets scope): all enabled ones with ver-todos-casos, else
   * those they supervise and those they serve as agent when the campaign allows all tickets.
   */
  async readableBy(db: Executor, userId: number, everything: boolean): Promise<number[]> {
    const result = await db.execute<{ id: string }>(sql`
      select c.id from campaigns c
      where c.enabled and (${everything}
        or exists (select 1 from campaign_supervisors s where s.campaign_id = c.id and s.user_id = ${userId})
        or (coalesce((c.config->>'allowAllTickets')::boolean, false)
          and exists (select 1 from campaign_agent_channels a where a.campaign_id = c.id and a.user_id = ${userId})))
      limit 2000`);
    return result.rows.map((row) => Number(row.id));
  },

  /**
   * Every campaign the user works in (enabled or not, like the tickets scope), with what decides how much of it they
   * read: supervising it, and whether it lets its agents see all tickets.
   */
  async workOf(
    db: Executor,
    userId: number,
  ): Promise<{ campaignId: number; supervises: boolean; allowAllTickets: boolean }[]> {
    const result = await db.execute<{ id: string; supervises: boolean; allow_all: boolean }>(sql`
      select campaigns.id,
        exists (select 1 from campaign_supervisors s where s.campaign_id = campaigns.id and s.user_id = ${userId})
          as supervises,
        coalesce((campaigns.config->>'allowAllTickets')::boolean, false) as allow_all
      from campaigns
      where ${memberOf(userId)}`);
    return result.rows.map((row) => ({
      campaignId: Number(row.id),
      supervises: row.supervises,
      allowAllTickets: row.allow_all,
    }));
  },

  async existingPeople(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [...ids]), eq(users.kind, 'person')));
    return rows.map((row) => row.id);
  },
};
