import type { AgentStatusCode, QueueSnapshot, SupervisedAgent } from '@atiende/contracts';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { imageUrl } from '../users/users.repo.js';
import { agentStates, agentStatusLog } from './agents.schema.js';

export type AgentStateRow = typeof agentStates.$inferSelect;

export interface RoutingCandidate {
  userId: number;
  load: number;
  lastAssignedAt: Date | null;
  assignedToday: number;
  matchingSkills: number;
}

/** `column in (ids)`, true for every campaign, false for none. */
function campaignFilter(column: SQL, campaignIds: readonly number[] | 'all'): SQL {
  if (campaignIds === 'all') return sql`true`;
  if (campaignIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    campaignIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** A ticket that waits for routing: open, nobody assigned, no transfer pending (the routing queue's definition). */
function waitingTicket(alias: SQL): SQL {
  return sql`${alias}.status <> 4 and ${alias}.assigned_user_id is null and ${alias}.transfer_to_user_id is null
    and ${alias}.transfer_to_campaign_id is null and not ${alias}.bot_active`;
}

export const agentsRepo = {
  /** The agent's state row, locked; created as D (offline) the first time. */
  async lockState(db: Executor, userId: number): Promise<AgentStateRow> {
    await db.insert(agentStates).values({ userId }).onConflictDoNothing();
    const [row] = await db.select().from(agentStates).where(eq(agentStates.userId, userId)).for('update');
    return row;
  },

  async state(db: Executor, userId: number): Promise<AgentStateRow | null> {
    const [row] = await db.select().from(agentStates).where(eq(agentStates.userId, userId));
    return row ?? null;
  },

  async updateState(db: Executor, userId: number, values: Partial<typeof agentStates.$inferInsert>): Promise<void> {
    await db.update(agentStates).set(values).where(eq(agentStates.userId, userId));
  },

  async insertLog(db: Executor, values: typeof agentStatusLog.$inferInsert): Promise<void> {
    await db.insert(agentStatusLog).values(values);
  },

  async log(db: Executor, userId: number, limit: number) {
    return db
      .select()
      .from(agentStatusLog)
      .where(eq(agentStatusLog.userId, userId))
      .orderBy(desc(agentStatusLog.id))
      .limit(limit);
  },

  /** Agents whose current status is handling (G) this ticket. */
  async handlersOf(db: Executor, ticketId: number): Promise<number[]> {
    const result = await db.execute<{ user_id: string }>(
      sql`select user_id from agent_states where ticket_id = ${ticketId} and status = 'G'`,
    );
    return result.rows.map((row) => Number(row.user_id));
  },

  /** Whether the user serves any campaign as an agent (only agents have a status). */
  async isAgent(db: Executor, userId: number): Promise<boolean> {
    const result = await db.execute(sql`select 1 from campaign_agent_channels where user_id = ${userId} limit 1`);
    return result.rows.length > 0;
  },

  async agentCampaignIds(db: Executor, userId: number): Promise<number[]> {
    const result = await db.execute<{ campaign_id: string }>(
      sql`select distinct a.campaign_id from campaign_agent_channels a join campaigns c on c.id = a.campaign_id
          where a.user_id = ${userId} and c.enabled`,
    );
    return result.rows.map((row) => Number(row.campaign_id));
  },

  /** Campaigns whose queue may hold work: enabled with automatic assignment. */
  async routedCampaignIds(db: Executor): Promise<number[]> {
    const result = await db.execute<{ id: string }>(
      sql`select id from campaigns where enabled and coalesce((config->>'autoAssign')::boolean, true)`,
    );
    return result.rows.map((row) => Number(row.id));
  },

  /** Serialises routing per campaign for the rest of the transaction (limits hold under concurrency). */
  async lockCampaignRouting(db: Executor, campaignId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('routing'), ${campaignId}::int)`);
  },

  /** The oldest waiting tickets of the campaign (new, nobody assigned, no transfer pending). */
  async waitingTickets(db: Executor, campaignId: number, limit: number) {
    const result = await db.execute<{ id: string; channel_id: string | null; owner: string | null }>(sql`
      select t.id, t.channel_id, cu.owner_user_id as owner
      from tickets t join customers cu on cu.id = t.customer_id
      where t.campaign_id = ${campaignId} and ${waitingTicket(sql`t`)}
      order by t.priority desc, t.created_at, t.id
      limit ${limit}
      for update of t skip locked`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      channelId: row.channel_id === null ? null : Number(row.channel_id),
      ownerId: row.owner === null ? null : Number(row.owner),
    }));
  },

  /**
   * Agents of the campaign who may take a case now: enabled, status A or E, serving the ticket's channel, below
   * the campaign's limit of open tickets. One grouped query per campaign batch.
   */
  async candidates(
    db: Executor,
    campaignId: number,
    limit: number,
    requiredSkillIds: readonly number[],
  ): Promise<(RoutingCandidate & { channelIds: number[] })[]> {
    const skills = requiredSkillIds.length
      ? sql`(select count(*)::int from user_skills us where us.user_id = u.id and us.skill_id in (${sql.join(
          requiredSkillIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`
      : sql`0`;
    const result = await db.execute<{
      user_id: string;
      load: number;
      last_assigned_at: string | null;
      assigned_today: number;
      matching_skills: number;
      channel_ids: string[];
    }>(sql`
      select u.id as user_id,
        (select count(*)::int from tickets t where t.campaign_id = ${campaignId} and t.assigned_user_id = u.id
          and t.status <> 4) as load,
        s.last_assigned_at,
        case when s.assigned_day = current_date then s.assigned_today else 0 end as assigned_today,
        ${skills} as matching_skills,
        array_agg(a.channel_id) as channel_ids
      from campaign_agent_channels a
      join users u on u.id = a.user_id and u.enabled
      join agent_states s on s.user_id = u.id and s.status in ('A', 'E')
      where a.campaign_id = ${campaignId}
      group by u.id, s.last_assigned_at, s.assigned_today, s.assigned_day`);
    return result.rows
      .map((row) => ({
        userId: Number(row.user_id),
        load: row.load,
        lastAssignedAt: row.last_assigned_at ? new Date(row.last_assigned_at) : null,
        assignedToday: row.assigned_today,
        matchingSkills: row.matching_skills,
        channelIds: row.channel_ids.map(Number),
      }))
      .filter((candidate) => candidate.load < limit)
      .filter((candidate) => requiredSkillIds.length === 0 || candidate.matchingSkills === requiredSkillIds.length);
  },

  /**
   * A ticket as routing sees it, when it waits (open, nobody assigned, no transfer pending): its campaign with the
   * routing settings, its channel with the business hours, and its queue position. Null when it does not wait.
   */
  async waitingTicket(db: Executor, ticketId: number) {
    const result = await db.execute<{
      campaign_id: string;
      campaign_name: string;
      config: unknown;
      channel_id: string | null;
      channel_name: string | null;
      business_hours: unknown;
      waiting: number;
      ahead: number;
    }>(sql`
      select t.campaign_id, c.name as campaign_name, c.config, t.channel_id, ch.name as channel_name,
        ch.business_hours,
        (select count(*)::int from tickets w where w.campaign_id = t.campaign_id and ${waitingTicket(sql`w`)})
          as waiting,
        (select count(*)::int from tickets w where w.campaign_id = t.campaign_id and ${waitingTicket(sql`w`)}
          and (w.priority > t.priority or (w.priority = t.priority and (w.created_at, w.id) < (t.created_at, t.id))))
          as ahead
      from tickets t join campaigns c on c.id = t.campaign_id left join channels ch on ch.id = t.channel_id
      where t.id = ${ticketId} and ${waitingTicket(sql`t`)}`);
    const row = result.rows[0];
    if (!row) return null;
    return {
      campaign: { id: Number(row.campaign_id), name: row.campaign_name },
      config: row.config,
      channel:
        row.channel_id === null
          ? null
          : { id: Number(row.channel_id), name: row.channel_name ?? '', businessHours: row.business_hours },
      waiting: row.waiting,
      position: row.ahead + 1,
    };
  },

  /** The head of each campaign's queue: the ticket routing hands out next (campaigns with nothing waiting are absent). */
  async queueHeads(db: Executor, campaignIds: readonly number[]): Promise<Map<number, number>> {
    if (campaignIds.length === 0) return new Map();
    const result = await db.execute<{ campaign_id: string; id: string }>(sql`
      select c.id as campaign_id, head.id
      from campaigns c cross join lateral (
        select t.id from tickets t where t.campaign_id = c.id and ${waitingTicket(sql`t`)}
        order by t.priority desc, t.created_at, t.id limit 1) head
      where c.id in (${sql.join(
        campaignIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    return new Map(result.rows.map((row) => [Number(row.campaign_id), Number(row.id)]));
  },

  /**
   * Who could take a ticket of the campaign on the channel: the enabled agents serving it with the required skills,
   * those of them in a ready status (A or E), and those also below the limit of open tickets. One query.
   */
  async staffing(
    db: Executor,
    campaignId: number,
    channelId: number | null,
    limit: number,
    requiredSkillIds: readonly number[],
  ): Promise<{ serving: number; ready: number; withRoom: number }> {
    const skilled = requiredSkillIds.length
      ? sql`(select count(*) from user_skills us where us.user_id = m.user_id and us.skill_id in (${sql.join(
          requiredSkillIds.map((id) => sql`${id}`),
          sql`, `,
        )})) = ${requiredSkillIds.length}`
      : sql`true`;
    const result = await db.execute<{ serving: number; ready: number; with_room: number }>(sql`
      select count(*)::int as serving,
        count(*) filter (where s.status in ('A', 'E'))::int as ready,
        count(*) filter (where s.status in ('A', 'E') and (select count(*) from tickets o
          where o.campaign_id = ${campaignId} and o.assigned_user_id = m.user_id and o.status <> 4) < ${limit})::int
          as with_room
      from (select distinct a.user_id from campaign_agent_channels a join users u on u.id = a.user_id and u.enabled
            where a.campaign_id = ${campaignId}
              and (${channelId}::bigint is null or a.channel_id = ${channelId}::bigint)) m
      left join agent_states s on s.user_id = m.user_id
      where ${skilled}`);
    const row = result.rows[0];
    return { serving: row?.serving ?? 0, ready: row?.ready ?? 0, withRoom: row?.with_room ?? 0 };
  },

  /** The agent's campaigns with their waiting work and the agent's own open tickets in each. */
  async ownQueue(db: Executor, userId: number) {
    const result = await db.execute<{ id: string; name: string; config: unknown; waiting: number; open: number }>(sql`
      select c.id, c.name, c.config,
        (select count(*)::int from tickets w where w.campaign_id = c.id and ${waitingTicket(sql`w`)}) as waiting,
        (select count(*)::int from tickets o where o.campaign_id = c.id and o.assigned_user_id = ${userId}
          and o.status <> 4) as open
      from campaigns c
      where c.enabled and exists (select 1 from campaign_agent_channels a where a.campaign_id = c.id
        and a.user_id = ${userId})
      order by c.name
      limit 200`);
    return result.rows.map((row) => ({
      campaign: { id: Number(row.id), name: row.name },
      config: row.config,
      waiting: row.waiting,
      open: row.open,
    }));
  },

  /** The user's open tickets in the campaign when they serve it as an agent; null when they are not one of its agents. */
  async agentLoad(db: Executor, campaignId: number, userId: number): Promise<number | null> {
    const result = await db.execute<{ open: number }>(sql`
      select (select count(*)::int from tickets o where o.campaign_id = ${campaignId} and o.assigned_user_id = ${userId}
          and o.status <> 4) as open
      where exists (select 1 from campaign_agent_channels a where a.campaign_id = ${campaignId}
        and a.user_id = ${userId})`);
    return result.rows[0]?.open ?? null;
  },

  /**
   * Who may receive a ticket of the campaign by transfer: its enabled agents and supervisors, with their status and
   * open tickets in the campaign (the caller leaves out agents at the limit).
   */
  async transferCandidates(db: Executor, campaignId: number) {
    const result = await db.execute<{
      id: string;
      name: string;
      email: string;
      role: 'agent' | 'supervisor';
      status: AgentStatusCode | null;
      open: number;
    }>(sql`
      select u.id, u.name, u.email, m.role, s.status,
        (select count(*)::int from tickets o where o.campaign_id = ${campaignId} and o.assigned_user_id = u.id
          and o.status <> 4) as open
      from (
        select a.user_id, 'agent' as role from campaign_agent_channels a where a.campaign_id = ${campaignId}
        union
        select cs.user_id, 'supervisor' from campaign_supervisors cs where cs.campaign_id = ${campaignId}
      ) m
      join users u on u.id = m.user_id and u.enabled and u.kind = 'person'
      left join agent_states s on s.user_id = u.id
      order by u.name, m.role
      limit 1000`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      nombre: row.name,
      email: row.email,
      role: row.role,
      estado: row.status ?? ('D' as const),
      open: row.open,
    }));
  },

  async lastRoundRobin(db: Executor, campaignId: number): Promise<number | null> {
    const result = await db.execute<{ last_user_id: string | null }>(
      sql`select last_user_id from campaign_routing where campaign_id = ${campaignId}`,
    );
    const value = result.rows[0]?.last_user_id;
    return value ? Number(value) : null;
  },

  async setLastRoundRobin(db: Executor, campaignId: number, userId: number): Promise<void> {
    await db.execute(sql`insert into campaign_routing (campaign_id, last_user_id) values (${campaignId}, ${userId})
      on conflict (campaign_id) do update set last_user_id = excluded.last_user_id`);
  },

  async recordAssignment(db: Executor, userId: number): Promise<void> {
    await db.execute(sql`update agent_states set last_assigned_at = now(),
        assigned_today = case when assigned_day = current_date then assigned_today + 1 else 1 end,
        assigned_day = current_date
      where user_id = ${userId}`);
  },

  async assignTicket(db: Executor, ticketId: number, userId: number): Promise<void> {
    await db.execute(sql`update tickets set assigned_user_id = ${userId}, updated_at = now() where id = ${ticketId}`);
  },

  /** Supervision: every agent of the given campaigns (or all) with live state and today's counts. */
  async supervisedAgents(db: Executor, campaignIds: readonly number[] | 'all'): Promise<SupervisedAgent[]> {
    const inCampaigns = campaignFilter(sql`a.campaign_id`, campaignIds);
    const result = await db.execute<{
      id: string;
      name: string;
      image_path: string | null;
      status: AgentStatusCode | null;
      pause_reason: string | null;
      since: string | null;
      campaign_id: string | null;
      campaign_name: string | null;
      ticket_id: string | null;
      ticket_number: string | null;
      open_tickets: number;
      closed_today: number;
      assigned_today: number;
      call_id: string | null;
      call_direction: string | null;
      call_number: string | null;
      call_answered_at: string | null;
      call_ticket_id: string | null;
      call_ticket_number: string | null;
    }>(sql`
      select u.id, u.name, u.image_path, s.status, s.pause_reason, s.since, s.campaign_id, c.name as campaign_name,
        s.ticket_id, t.number as ticket_number,
        vc.id as call_id, vc.direction as call_direction, vc.customer_number as call_number,
        vc.answered_at as call_answered_at, vc.ticket_id as call_ticket_id, vc.ticket_number as call_ticket_number,
        (select count(*)::int from tickets o where o.assigned_user_id = u.id and o.status <> 4) as open_tickets,
        (select count(*)::int from tickets o where o.assigned_user_id = u.id and o.status = 4
          and o.closed_at >= current_date) as closed_today,
        case when s.assigned_day = current_date then s.assigned_today else 0 end as assigned_today
      from users u
      left join agent_states s on s.user_id = u.id
      left join campaigns c on c.id = s.campaign_id
      left join tickets t on t.id = s.ticket_id
      -- The call the agent talks on: among the few calls live now (voice_calls_live_idx), the latest answered.
      left join lateral (
        select v.id, v.direction, v.customer_number, v.answered_at, v.ticket_id, vt.number as ticket_number
        from voice_calls v left join tickets vt on vt.id = v.ticket_id
        where v.ended_at is null and v.status = 'connected' and v.user_id = u.id
        order by v.answered_at desc limit 1
      ) vc on true
      where u.enabled and u.kind = 'person'
        and exists (select 1 from campaign_agent_channels a where a.user_id = u.id and ${inCampaigns})
      order by u.name
      limit 2000`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      nombre: row.name,
      avatarUrl: imageUrl(row.image_path),
      estado: row.status ?? 'D',
      pausa: row.pause_reason,
      since: (row.since ? new Date(row.since) : new Date()).toISOString(),
      campaign: row.campaign_id ? { id: Number(row.campaign_id), name: row.campaign_name ?? '' } : null,
      currentTicket: row.ticket_id ? { id: Number(row.ticket_id), number: Number(row.ticket_number) } : null,
      openTickets: row.open_tickets,
      closedToday: row.closed_today,
      assignedToday: row.assigned_today,
      call:
        row.call_id && row.call_answered_at
          ? {
              id: Number(row.call_id),
              direction: row.call_direction === 'outbound' ? 'outbound' : 'inbound',
              customerNumber: row.call_number ?? '',
              answeredAt: new Date(row.call_answered_at).toISOString(),
              ticket: row.call_ticket_id
                ? { id: Number(row.call_ticket_id), number: Number(row.call_ticket_number) }
                : null,
            }
          : null,
    }));
  },

  /** Supervision: per campaign, waiting and in-progress work, available agents, today's service level and AHT. */
  async queues(db: Executor, campaignIds: readonly number[] | 'all'): Promise<Omit<QueueSnapshot, 'waitingReasons'>[]> {
    const which = campaignFilter(sql`c.id`, campaignIds);
    const result = await db.execute<{
      id: string;
      name: string;
      sl_seconds: number;
      sl_target: number;
      waiting: number;
      in_progress: number;
      oldest_waiting: string | null;
      available: number;
      online: number;
      answered_in_time: number;
      answered_or_late: number;
      aht: number | null;
    }>(sql`
      select c.id, c.name,
        coalesce((c.config->>'serviceLevelSeconds')::int, 20) as sl_seconds,
        coalesce((c.config->>'serviceLevelTarget')::int, 80) as sl_target,
        q.waiting, q.in_progress, q.oldest_waiting,
        ag.available, ag.online,
        today.in_time as answered_in_time, today.counted as answered_or_late, today.aht
      from campaigns c
      cross join lateral (
        select count(*) filter (where t.assigned_user_id is null)::int as waiting,
               count(*) filter (where t.assigned_user_id is not null)::int as in_progress,
               min(t.created_at) filter (where t.assigned_user_id is null) as oldest_waiting
        from tickets t where t.campaign_id = c.id and t.status <> 4) q
      cross join lateral (
        select count(*) filter (where s.status in ('A', 'E'))::int as available,
               count(*) filter (where s.status <> 'D')::int as online
        from (select distinct a.user_id from campaign_agent_channels a where a.campaign_id = c.id) m
        join agent_states s on s.user_id = m.user_id) ag
      cross join lateral (
        select
          count(*) filter (where t.first_response_at is not null and t.first_response_at - t.created_at
            <= make_interval(secs => coalesce((c.config->>'serviceLevelSeconds')::int, 20)))::int as in_time,
          count(*) filter (where t.first_response_at is not null or now() - t.created_at
            > make_interval(secs => coalesce((c.config->>'serviceLevelSeconds')::int, 20)))::int as counted,
          avg(extract(epoch from t.closed_at - coalesce(t.opened_at, t.created_at)))
            filter (where t.closed_at is not null)::float as aht
        from tickets t where t.campaign_id = c.id and t.created_at >= current_date) today
      where c.enabled and ${which}
      order by c.name`);
    return result.rows.map((row) => ({
      campaign: { id: Number(row.id), name: row.name },
      waiting: row.waiting,
      inProgress: row.in_progress,
      agentsAvailable: row.available,
      agentsOnline: row.online,
      serviceLevel: row.answered_or_late > 0 ? Math.round((row.answered_in_time / row.answered_or_late) * 100) : null,
      serviceLevelTarget: row.sl_target,
      averageHandlingSeconds: row.aht === null ? null : Math.round(row.aht),
      oldestWaitingSince: row.oldest_waiting ? new Date(row.oldest_waiting).toISOString() : null,
    }));
  },
};
