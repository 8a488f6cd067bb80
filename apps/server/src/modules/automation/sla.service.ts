import {
  evaluateConditions,
  type Locale,
  SLA_BREACH_EVENT,
  SLA_METRICS,
  SLA_PRIORITY_OF,
  SLA_WARNING_EVENT,
  SLA_WARNING_MINUTES,
  type SlaMetric,
  type SlaNoticeEvent,
  type SlaRecord,
  type SlaRule,
  type SlaRuleBody,
  type TicketSla,
} from '@atiende/contracts';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { errors } from '../../platform/http/errors.js';
import { createCachedKeys, createPeriodicTask } from '../../platform/periodic.js';
import { ruleCampaignScope } from '../../policies/automation.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { automationRepo } from './automation.repo.js';
import { assertFormFields, automationOptions } from './automation.service.js';
import { addBusinessMinutes } from './business-time.js';
import { loadConditionRecords } from './conditions.sql.js';
import { formFieldsOf } from './rules.engine.js';
import { type SlaRuleRow, type SlaTicket, slaRepo, type TicketSlaRow } from './sla.repo.js';

/** An SLA job: one ticket's deadlines to compute again, or every open ticket of a campaign whose rules changed. */
export type SlaJob = { ticketId: number } | { campaignId: number };
export const SLA_QUEUE = 'automation.sla';
const CHECK_BATCH = 200;
const INDEX_TTL_MS = 5_000;

const DUE_COLUMN = {
  firstResponse: 'firstResponseDue',
  nextResponse: 'nextResponseDue',
  resolution: 'resolutionDue',
} as const;

type Deadlines = Record<SlaMetric, Date | null>;

function targetsOf(rule: SlaRuleRow, priority: number) {
  return rule.targets[SLA_PRIORITY_OF[priority] ?? 'medium'];
}

/** Each metric's deadline now: counted from its start in the rule's time (business hours or calendar). */
export function slaDeadlines(rule: SlaRuleRow, ticket: SlaTicket): Deadlines {
  const targets = targetsOf(rule, ticket.priority);
  const hours = rule.businessHours ? ticket.businessHours : null;
  const open = ticket.status !== 4;
  const due = (from: Date | null, minutes: number | null) =>
    open && from && minutes ? addBusinessMinutes(from, minutes, hours) : null;
  return {
    firstResponse: ticket.firstResponseAt ? null : due(ticket.createdAt, targets.firstResponse),
    nextResponse: ticket.firstResponseAt ? due(ticket.waitingSince, targets.nextResponse) : null,
    resolution: due(ticket.createdAt, targets.resolution),
  };
}

const keyOf = (metric: SlaMetric, due: Date) => `${metric}@${due.toISOString()}`;

/** The warning's moment: 15 minutes before the deadline, or at three quarters of a shorter target. */
function warningAt(due: Date, minutes: number | null): Date {
  const lead = Math.min(SLA_WARNING_MINUTES, Math.max(1, Math.floor((minutes ?? 60) / 4))) * 60_000;
  return new Date(due.getTime() - lead);
}

function nextCheck(rule: SlaRuleRow, priority: number, deadlines: Deadlines, warned: string[], recorded: string[]) {
  const targets = targetsOf(rule, priority);
  let next: number | null = null;
  for (const metric of SLA_METRICS) {
    const due = deadlines[metric];
    if (!due) continue;
    const key = keyOf(metric, due);
    if (recorded.includes(key)) continue;
    const at = warned.includes(key) ? due : warningAt(due, targets[metric]);
    next = next === null ? at.getTime() : Math.min(next, at.getTime());
  }
  return next === null ? null : new Date(next);
}

function deadlinesOf(row: TicketSlaRow): Deadlines {
  return {
    firstResponse: row.firstResponseDue,
    nextResponse: row.nextResponseDue,
    resolution: row.resolutionDue,
  };
}

/**
 * SLA rules and the SLA each ticket follows: deadlines computed again after every change of the ticket (a durable
 * job per event), a checker on every node (SKIP LOCKED) that warns before a deadline and records a breach once when
 * it passes, both announced to the assignee and the campaign's supervisors.
 */
export function createSlaService(ctx: AppContext) {
  const { db } = ctx;
  const campaignsWithRules = createCachedKeys(
    async () => (await slaRepo.campaignsWithRules(db)).map(String),
    INDEX_TTL_MS,
  );

  async function manageable(actor: Actor) {
    return automationRepo.manageableCampaigns(db, ruleCampaignScope(actor));
  }

  async function view(row: SlaRuleRow, known?: Map<number, string>): Promise<SlaRule> {
    const names = known ?? (await automationRepo.campaignNames(db, [row.campaignId]));
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      campaign: { id: row.campaignId, name: names.get(row.campaignId) ?? '' },
      enabled: row.enabled,
      businessHours: row.businessHours,
      conditions: row.conditions,
      targets: row.targets,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function visibleRule(actor: Actor, id: number, lock = false): Promise<SlaRuleRow> {
    const row = await slaRepo.findRule(db, id, lock);
    if (!row) throw errors.notFound();
    if (ruleCampaignScope(actor) !== null && !(await manageable(actor)).some((c) => c.id === row.campaignId)) {
      throw errors.notFound();
    }
    return row;
  }

  async function validate(actor: Actor, body: SlaRuleBody) {
    if (!(await manageable(actor)).some((campaign) => campaign.id === body.campaignId)) {
      throw errors.invalidField('campaignId', 'automation.rules.unknownCampaign');
    }
    await assertFormFields(db, body.campaignId, [['conditions', body.conditions]]);
  }

  /** The campaign's open tickets follow its rules as they are now (in the background). */
  async function recomputeCampaign(campaignId: number) {
    campaignsWithRules.forget();
    await ctx.jobs.send(SLA_QUEUE, { campaignId });
  }

  /** Computes a ticket's SLA again: the first rule it matches, and each metric's deadline. */
  async function refresh(ticketId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const ticket = await slaRepo.ticket(tx, ticketId);
      if (!ticket) return;
      const existing = await slaRepo.findTicketSla(tx, ticketId, true);
      const rules = await slaRepo.campaignRules(tx, ticket.campaignId);
      let rule: SlaRuleRow | undefined;
      if (rules.length) {
        const record = (await loadConditionRecords(tx, [ticketId], { formFields: formFieldsOf(rules) })).get(ticketId);
        rule = record
          ? rules.find((candidate) => evaluateConditions(candidate.conditions, record, { now: Date.now() }))
          : undefined;
      }
      if (!rule) {
        // A ticket that no rule covers any more keeps no deadline; a breach it had stays in the records.
        if (existing && !existing.breached) await slaRepo.deleteTicketSla(tx, ticketId);
        else if (existing) {
          await slaRepo.upsertTicketSla(tx, {
            ...existing,
            firstResponseDue: null,
            nextResponseDue: null,
            resolutionDue: null,
            nextCheckAt: null,
          });
        }
        return;
      }
      const deadlines = slaDeadlines(rule, ticket);
      const warned = existing?.warned ?? [];
      const recorded = existing?.recorded ?? [];
      await slaRepo.upsertTicketSla(tx, {
        ticketId,
        ruleId: rule.id,
        firstResponseDue: deadlines.firstResponse,
        nextResponseDue: deadlines.nextResponse,
        resolutionDue: deadlines.resolution,
        waitingSince: ticket.waitingSince,
        warned,
        recorded,
        breached: existing?.breached ?? false,
        nextCheckAt: nextCheck(rule, ticket.priority, deadlines, warned, recorded),
      });
    });
  }

  async function refreshCampaign(campaignId: number) {
    let after = 0;
    for (;;) {
      const ids = await ticketsRepo.openTicketIds(db, campaignId, after, 500);
      for (const id of ids) await refresh(id);
      if (ids.length < 500) return;
      after = ids[ids.length - 1];
    }
  }

  /** The checker's pass: warnings and breaches whose moment has come, each once; returns how many it announced. */
  async function check(now: Date = new Date()): Promise<number> {
    let announced = 0;
    for (;;) {
      const { notices, rows } = await db.transaction(async (tx) => {
        const due = await slaRepo.dueChecks(tx, now, CHECK_BATCH);
        const found: {
          event: typeof SLA_WARNING_EVENT | typeof SLA_BREACH_EVENT;
          notice: SlaNoticeEvent;
          assignee: number | null;
        }[] = [];
        for (const row of due) {
          const rule = await slaRepo.findRule(tx, row.ruleId);
          const ticket = await slaRepo.ticket(tx, row.ticketId);
          if (!rule || !ticket) continue;
          const deadlines = deadlinesOf(row);
          const warned = [...row.warned];
          const recorded = [...row.recorded];
          let breached = row.breached;
          const targets = targetsOf(rule, ticket.priority);
          for (const metric of SLA_METRICS) {
            const deadline = deadlines[metric];
            if (!deadline) continue;
            const key = keyOf(metric, deadline);
            if (recorded.includes(key)) continue;
            const notice = {
              ticketId: ticket.id,
              number: ticket.number,
              campaignId: ticket.campaignId,
              rule: rule.name,
              metric,
              dueAt: deadline.toISOString(),
            };
            if (deadline.getTime() <= now.getTime()) {
              const since = metric === 'firstResponse' ? ticket.createdAt : ticket.waitingSince;
              const inserted = await slaRepo.insertRecord(tx, {
                ruleId: rule.id,
                ticketId: ticket.id,
                metric,
                breachedAt: deadline,
                firstResponseSeconds: ticket.firstResponseAt
                  ? Math.round((ticket.firstResponseAt.getTime() - ticket.createdAt.getTime()) / 1000)
                  : null,
                customerWaitingSeconds: since ? Math.round((deadline.getTime() - since.getTime()) / 1000) : null,
              });
              recorded.push(key);
              breached = true;
              if (inserted) found.push({ event: SLA_BREACH_EVENT, notice, assignee: ticket.assignedUserId });
            } else if (!warned.includes(key) && warningAt(deadline, targets[metric]).getTime() <= now.getTime()) {
              warned.push(key);
              found.push({ event: SLA_WARNING_EVENT, notice, assignee: ticket.assignedUserId });
            }
          }
          await slaRepo.upsertTicketSla(tx, {
            ...row,
            warned,
            recorded,
            breached,
            nextCheckAt: nextCheck(rule, ticket.priority, deadlines, warned, recorded),
          });
        }
        return { notices: found, rows: due.length };
      });
      for (const { event, notice, assignee } of notices) {
        if (assignee) await ctx.realtime.toUser(assignee, event, notice);
        await ctx.realtime.toSupervisors([notice.campaignId], event, notice);
      }
      announced += notices.length;
      if (rows < CHECK_BATCH) return announced;
    }
  }

  async function heard(ticketId: number, campaignId: number) {
    if (await campaignsWithRules.has(String(campaignId))) await ctx.jobs.send(SLA_QUEUE, { ticketId });
  }

  return {
    async attach() {
      ctx.events.on('ticket.activity', ({ ticketId, campaignId }) => heard(ticketId, campaignId));
      ctx.events.on('inbound.recorded', (result) =>
        result.duplicate ? undefined : heard(result.ticketId, result.campaignId),
      );
      await ctx.jobs.define({ name: SLA_QUEUE, retryLimit: 3, retryDelaySeconds: 5, concurrency: 2 }, (job) =>
        'ticketId' in job ? refresh(job.ticketId) : refreshCampaign(job.campaignId),
      );
    },

    options: (actor: Actor, campaignId?: number) => automationOptions(db, actor, campaignId),

    async list(
      actor: Actor,
      query: { campaignId?: number; searchText?: string; after?: number; sizePerPage: number },
    ): Promise<{ data: SlaRule[]; hasMore: boolean }> {
      const scope = ruleCampaignScope(actor);
      const campaignIds = scope === null ? null : (await manageable(actor)).map((campaign) => campaign.id);
      const rows = await slaRepo.listRules(db, {
        campaignIds,
        campaignId: query.campaignId,
        search: query.searchText,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      const page = rows.slice(0, query.sizePerPage);
      // The page's campaign names in one query.
      const names = await automationRepo.campaignNames(
        db,
        page.map((row) => row.campaignId),
      );
      return {
        data: await Promise.all(page.map((row) => view(row, names))),
        hasMore: rows.length > query.sizePerPage,
      };
    },

    async get(actor: Actor, id: number): Promise<SlaRule> {
      return view(await visibleRule(actor, id));
    },

    async create(actor: Actor, body: SlaRuleBody): Promise<SlaRule> {
      await validate(actor, body);
      const row = await slaRepo.insertRule(db, { ...body, createdBy: actor.userId });
      await recomputeCampaign(row.campaignId);
      return view(row);
    },

    async update(actor: Actor, id: number, body: SlaRuleBody): Promise<SlaRule> {
      const before = await visibleRule(actor, id);
      await validate(actor, body);
      const row = await db.transaction(async (tx) => {
        await visibleRule(actor, id, true);
        return slaRepo.updateRule(tx, id, body);
      });
      await recomputeCampaign(row.campaignId);
      if (before.campaignId !== row.campaignId) await recomputeCampaign(before.campaignId);
      return view(row);
    },

    async remove(actor: Actor, id: number): Promise<{ id: number }> {
      const row = await db.transaction(async (tx) => {
        const found = await visibleRule(actor, id, true);
        await slaRepo.deleteRule(tx, id);
        return found;
      });
      await recomputeCampaign(row.campaignId);
      return { id };
    },

    async records(actor: Actor, id: number, query: { before?: number; sizePerPage: number }) {
      await visibleRule(actor, id);
      const rows = await slaRepo.records(db, { ruleId: id, before: query.before, limit: query.sizePerPage + 1 });
      return {
        data: rows.slice(0, query.sizePerPage).map(
          (row): SlaRecord => ({
            id: row.id,
            rule: { id: row.ruleId, name: row.ruleName },
            ticket: { id: row.ticketId, number: row.ticketNumber },
            metric: row.metric as SlaMetric,
            breachedAt: row.breachedAt.toISOString(),
            firstResponseSeconds: row.firstResponseSeconds,
            customerWaitingSeconds: row.customerWaitingSeconds,
            createdAt: row.createdAt.toISOString(),
          }),
        ),
        hasMore: rows.length > query.sizePerPage,
      };
    },

    /** The ticket view's countdowns: for whoever may read the ticket. */
    async ticketSla(actor: Actor, ticketId: number, _locale?: Locale): Promise<TicketSla> {
      const ticket = await ticketsRepo.findVisible(db, ticketScopeOf(actor), { id: ticketId });
      if (!ticket) throw errors.notFound();
      const row = await slaRepo.findTicketSla(db, ticketId);
      const rule = row ? await slaRepo.findRule(db, row.ruleId) : null;
      if (!row || !rule) return { rule: null, businessHours: false, metrics: [] };
      const records = await slaRepo.ticketRecords(db, ticketId);
      const targets = targetsOf(rule, ticket.priority);
      return {
        rule: { id: rule.id, name: rule.name },
        businessHours: rule.businessHours,
        // The next response is measured once there was a first one (before it, the first response is what runs).
        metrics: SLA_METRICS.filter(
          (metric) => targets[metric] && (metric !== 'nextResponse' || ticket.firstResponseAt),
        ).map((metric) => {
          const due = row[DUE_COLUMN[metric]];
          const ofMetric = records.filter((record) => record.metric === metric);
          const current = due ? ofMetric.find((record) => record.breachedAt.getTime() === due.getTime()) : undefined;
          // Without a running deadline: the first response and the resolution were met late if they breached once.
          const past = metric !== 'nextResponse' ? ofMetric.at(-1) : undefined;
          const breach = current ?? (due ? undefined : past);
          return {
            metric,
            dueAt: due?.toISOString() ?? null,
            state: breach ? 'breached' : due ? 'running' : 'met',
            breachedAt: breach?.breachedAt.toISOString() ?? null,
          };
        }),
      };
    },

    refresh,
    check,
    ...createPeriodicTask(ctx.logger, 'SLA checker pass', () => check()),
  };
}

export type SlaService = ReturnType<typeof createSlaService>;
