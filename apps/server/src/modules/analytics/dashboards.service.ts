import {
  type CampaignDashboard,
  type CampaignDashboardQuery,
  type CampaignPerformance,
  type DashboardAgent,
  DEFAULT_TIME_ZONE,
  presetRange,
  type UserDashboard,
  type UserDashboardQuery,
} from '@atiende/contracts';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { errors } from '../../platform/http/errors.js';
import { supervisedCampaignsOf } from '../../policies/supervision.js';
import { businessRepo } from '../business/business.repo.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { type DashboardFigureRow, dashboardRepo } from './analytics.repo.js';

const LATEST_TASKS = 10;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

interface Period {
  preset: UserDashboardQuery['preset'];
  from: string;
  to: string;
  timeZone: string;
  /** Local bounds of the hours ('YYYY-MM-DD 00:00:00'; `to` is the day after the last one). */
  localFrom: string;
  localTo: string;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const average = (total: number, count: number) => (count > 0 ? total / count : null);

/** Sums of one metric in one grouping set, keyed as asked. */
function sums(rows: readonly DashboardFigureRow[], set: DashboardFigureRow['set'], metric: string) {
  return rows.filter((row) => row.set === set && row.metric === metric);
}

/**
 * The user and campaign dashboards (docs/analytics.md): figures from the hourly aggregates, scoped by the same rule
 * as supervision — an agent sees their own figures; a supervisor the campaigns they supervise and those campaigns'
 * agents; who sees every ticket, everything.
 */
export function createDashboardsService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  async function period(query: UserDashboardQuery | CampaignDashboardQuery): Promise<Period> {
    const timeZone = (await businessRepo.get(db))?.timeZone ?? DEFAULT_TIME_ZONE;
    const { from, to } =
      query.preset === 'custom'
        ? { from: query.from as string, to: query.to as string }
        : presetRange(query.preset, await dashboardRepo.today(db, timeZone));
    return {
      preset: query.preset,
      from,
      to,
      timeZone,
      localFrom: `${from} 00:00:00`,
      localTo: `${nextDay(to)} 00:00:00`,
    };
  }

  /** The figures every dashboard shares: per campaign, by status, tasks, interactions, by hour, totals. */
  async function common(range: Period, campaignIds: readonly number[] | null, userId?: number) {
    const rows = await dashboardRepo.figures(db, {
      from: range.from,
      to: range.to,
      campaignIds,
      userId,
    });
    const [fromUtc, toUtc] = await Promise.all([
      dashboardRepo.instantOf(db, range.localFrom, range.timeZone),
      dashboardRepo.instantOf(db, range.localTo, range.timeZone),
    ]);
    const latestTasks = await dashboardRepo.latestTasks(db, {
      fromUtc,
      toUtc,
      campaignIds,
      userId,
      limit: LATEST_TASKS,
    });

    // The campaigns shown: those asked for, else those with figures in the period.
    const shown = campaignIds ?? [
      ...new Set(rows.filter((row) => row.set === 'campaign').map((row) => row.campaignId)),
    ];
    const campaigns = await dashboardRepo.campaigns(
      db,
      shown.filter((id) => id > 0),
    );
    const performance: CampaignPerformance[] = campaigns.map((campaign) => {
      const of = (metric: string) => sums(rows, 'campaign', metric).filter((row) => row.campaignId === campaign.id);
      const tickets = of('tickets').reduce((sum, row) => sum + row.count, 0);
      const answeredRows = of('tickets_answered');
      const answered = answeredRows.reduce((sum, row) => sum + row.count, 0);
      const answeredInTime = answeredRows.filter((row) => row.dimension === 'in_sl').reduce((s, r) => s + r.count, 0);
      const closed = of('tickets_closed');
      const handled = closed.reduce((sum, row) => sum + row.count, 0);
      return {
        campaignId: campaign.id,
        name: campaign.name,
        tickets,
        answeredInTime,
        answered,
        serviceLevelPercent: tickets > 0 ? (answeredInTime / tickets) * 100 : null,
        serviceLevelTarget: campaign.serviceLevelTarget,
        serviceLevelSeconds: campaign.serviceLevelSeconds,
        averageFirstResponseSeconds: average(
          answeredRows.reduce((sum, row) => sum + row.total, 0),
          answered,
        ),
        handled,
        averageHandlingSeconds: average(
          closed.reduce((sum, row) => sum + row.total, 0),
          handled,
        ),
        targetHandlingSeconds: campaign.averageHandlingSeconds,
      };
    });
    const total = (pick: (campaign: CampaignPerformance) => number) =>
      performance.reduce((sum, campaign) => sum + pick(campaign), 0);
    const tickets = total((campaign) => campaign.tickets);
    const answered = total((campaign) => campaign.answered);
    const handled = total((campaign) => campaign.handled);
    const answeredInTime = total((campaign) => campaign.answeredInTime);
    const sameTarget = <T>(values: T[]) =>
      values.length > 0 && values.every((value) => value === values[0]) ? values[0] : null;
    const totals = {
      tickets,
      answered,
      answeredInTime,
      serviceLevelPercent: tickets > 0 ? (answeredInTime / tickets) * 100 : null,
      serviceLevelTarget: sameTarget(performance.map((campaign) => campaign.serviceLevelTarget)),
      averageFirstResponseSeconds: average(
        total((campaign) => (campaign.averageFirstResponseSeconds ?? 0) * campaign.answered),
        answered,
      ),
      handled,
      averageHandlingSeconds: average(
        total((campaign) => (campaign.averageHandlingSeconds ?? 0) * campaign.handled),
        handled,
      ),
      targetHandlingSeconds: sameTarget(performance.map((campaign) => campaign.targetHandlingSeconds)),
    };

    const byStatus = new Map<number, number>();
    for (const row of sums(rows, 'campaign', 'tickets')) {
      byStatus.set(Number(row.dimension), (byStatus.get(Number(row.dimension)) ?? 0) + row.count);
    }
    const taskTypes = new Map<string, number>();
    for (const row of sums(rows, 'campaign', 'tasks')) {
      taskTypes.set(row.dimension, (taskTypes.get(row.dimension) ?? 0) + row.count);
    }
    const typeNames = await dashboardRepo.names(
      db,
      'catalogue_entries',
      [...taskTypes.keys()].filter(Boolean).map(Number),
    );
    const channelRows = sums(rows, 'channel', 'messages');
    const channels = await dashboardRepo.names(db, 'channels', [...new Set(channelRows.map((row) => row.channelId))]);
    const byChannel = new Map<number, { incoming: number; outgoing: number }>();
    for (const row of channelRows) {
      const entry = byChannel.get(row.channelId) ?? { incoming: 0, outgoing: 0 };
      if (row.dimension === 'out') entry.outgoing += row.count;
      else entry.incoming += row.count;
      byChannel.set(row.channelId, entry);
    }
    const hourCounts = (metric: string, dimension?: string) => {
      const counts = new Array<number>(24).fill(0);
      for (const row of sums(rows, 'hour', metric)) {
        if (dimension === undefined || row.dimension === dimension) counts[row.hourOfDay] += row.count;
      }
      return counts;
    };
    const incomingByHour = hourCounts('messages', 'in');
    const outgoingByHour = hourCounts('messages', 'out');
    const tasksByHour = hourCounts('tasks');

    return {
      rows,
      fromUtc,
      toUtc,
      shared: {
        range: { preset: range.preset, from: range.from, to: range.to, timeZone: range.timeZone },
        campaigns: performance,
        totals,
        ticketsByStatus: [...byStatus.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => ({ status, count })),
        tasksByType: [...taskTypes.entries()]
          .map(([id, count]) => ({
            id: id ? Number(id) : null,
            name: id ? (typeNames.get(Number(id))?.name ?? null) : null,
            count,
          }))
          .sort((a, b) => b.count - a.count),
        tasksByHour: HOURS.map((hour) => ({ hour, count: tasksByHour[hour] })),
        latestTasks,
        interactionsByChannel: [...byChannel.entries()]
          .map(([channelId, counts]) => ({
            channelId,
            name: channels.get(channelId)?.name ?? '',
            type: channels.get(channelId)?.type ?? '',
            ...counts,
          }))
          .sort((a, b) => b.incoming + b.outgoing - (a.incoming + a.outgoing)),
        interactionsByHour: HOURS.map((hour) => ({
          hour,
          incoming: incomingByHour[hour],
          outgoing: outgoingByHour[hour],
        })),
      },
    };
  }

  /** The campaigns the actor's campaign figures may cover: every one, or those they supervise. */
  async function campaignScope(actor: Actor, asked: readonly number[]): Promise<readonly number[] | null> {
    const supervised = await supervisedCampaignsOf(db, actor);
    // Every campaign, named: the figures are read by campaign (the days table's key), never by day alone.
    if (supervised === 'all') return asked.length > 0 ? asked : dashboardRepo.allCampaignIds(db);
    if (asked.some((id) => !supervised.includes(id))) throw errors.forbidden();
    return asked.length > 0 ? asked : supervised;
  }

  return {
    async userDashboard(actor: Actor, query: UserDashboardQuery): Promise<UserDashboard> {
      const userId = query.user ?? actor.userId;
      let campaignIds: readonly number[] | null = query.campaigns.length > 0 ? query.campaigns : null;
      if (userId === actor.userId && campaignIds) {
        // One's own figures in some campaigns: campaigns one works in or supervises (names and targets are shown).
        if ((await supervisedCampaignsOf(db, actor)) !== 'all') {
          const own = new Set((await campaignsRepo.ofUser(db, actor.userId, false)).map((campaign) => campaign.id));
          if (campaignIds.some((id) => !own.has(id))) throw errors.forbidden();
        }
      } else if (userId !== actor.userId) {
        // Another agent's figures: only within the campaigns the caller supervises, where that agent works.
        const supervised = await supervisedCampaignsOf(db, actor);
        if (supervised !== 'all') {
          if (campaignIds?.some((id) => !supervised.includes(id))) throw errors.forbidden();
          campaignIds = campaignIds ?? supervised;
          if (!(await dashboardRepo.isAgentOf(db, userId, campaignIds))) throw errors.forbidden();
        }
      }
      const [user] = [...(await dashboardRepo.names(db, 'users', [userId])).entries()];
      if (!user) throw errors.notFound();
      const range = await period(query);
      const { rows, fromUtc, toUtc, shared } = await common(range, campaignIds, userId);

      const statusTime = new Map<string, number>();
      for (const row of sums(rows, 'campaign', 'agent_status')) {
        statusTime.set(row.dimension, (statusTime.get(row.dimension) ?? 0) + row.total);
      }
      // The status the agent is in now has not ended: its time so far, within the period, counts too.
      const current = campaignIds === null ? await dashboardRepo.currentStatus(db, userId) : null;
      if (current) {
        const now = Date.now();
        const seconds = (Math.min(now, toUtc.getTime()) - Math.max(current.since.getTime(), fromUtc.getTime())) / 1000;
        if (seconds > 0) statusTime.set(current.status, (statusTime.get(current.status) ?? 0) + seconds);
      }
      return {
        ...shared,
        user: { id: user[0], name: user[1].name },
        statusTime: [...statusTime.entries()]
          .filter(([, seconds]) => seconds > 0)
          .map(([status, seconds]) => ({ status, seconds: Math.round(seconds) }))
          .sort((a, b) => b.seconds - a.seconds),
      };
    },

    async campaignDashboard(actor: Actor, query: CampaignDashboardQuery): Promise<CampaignDashboard> {
      const campaignIds = await campaignScope(actor, query.campaigns);
      const range = await period(query);
      const { rows, shared } = await common(range, campaignIds);
      const byUser = (metric: string) => sums(rows, 'user', metric).filter((row) => row.count > 0);
      const ticketRows = byUser('tickets');
      const taskRows = byUser('tasks');
      const users = await dashboardRepo.names(db, 'users', [
        ...new Set([...ticketRows, ...taskRows].map((row) => row.userId).filter((id) => id > 0)),
      ]);
      const named = (list: DashboardFigureRow[]) =>
        list
          .map((row) => ({
            id: row.userId > 0 ? row.userId : null,
            name: row.userId > 0 ? (users.get(row.userId)?.name ?? null) : null,
            count: row.count,
          }))
          .sort((a, b) => b.count - a.count);
      const [agentsByStatus, waitingNow] = await Promise.all([
        dashboardRepo.agentsByStatus(db, campaignIds),
        dashboardRepo.waitingNow(db, campaignIds),
      ]);
      return { ...shared, ticketsByUser: named(ticketRows), tasksByUser: named(taskRows), agentsByStatus, waitingNow };
    },

    /** Whose user dashboard the caller may open: themselves, and the agents of the campaigns they supervise. */
    async dashboardAgents(actor: Actor): Promise<DashboardAgent[]> {
      const supervised = await supervisedCampaignsOf(db, actor);
      const agents =
        supervised !== 'all' && supervised.length === 0
          ? []
          : await dashboardRepo.agentsOf(db, supervised === 'all' ? null : supervised);
      if (!agents.some((agent) => agent.id === actor.userId)) {
        const self = (await dashboardRepo.names(db, 'users', [actor.userId])).get(actor.userId);
        if (self) agents.unshift({ id: actor.userId, name: self.name });
      }
      return agents;
    },
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
