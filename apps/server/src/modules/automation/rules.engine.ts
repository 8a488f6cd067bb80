import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomUUID } from 'node:crypto';
import {
  type ConditionGroup,
  type ConditionType,
  campaignConfigSchema,
  evaluateConditions,
  FORM_FIELD_CONDITION_TYPE,
  FORM_FIELD_PREFIX,
  isConditionGroup,
  RULE_CHAIN_MAX,
  RULE_NOTICE_EVENT,
  type RuleAction,
  type RuleActionOutcome,
  type RuleNoticeEvent,
  type RuleTriggerEvent,
} from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import type { DomainEventMap } from '../../platform/domain-events.js';
import { AppError } from '../../platform/http/errors.js';
import type { JobAttempt } from '../../platform/jobs.js';
import { OutboundRefusedError } from '../../platform/outbound.js';
import { createCachedKeys, createPeriodicTask } from '../../platform/periodic.js';
import { agentsRepo } from '../agents/agents.repo.js';
import { pickAgent, type RoutingService } from '../agents/routing.service.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import type { TemplatesService } from '../templates/templates.service.js';
import { AutomatedChangeRefused } from '../tickets/tickets.automated.js';
import type { TicketsService } from '../tickets/tickets.service.js';
import { automationRepo, type BusinessRuleRow } from './automation.repo.js';
import { loadConditionRecords } from './conditions.sql.js';

/** A rule job: the rules of one event (or one schedule's match) to evaluate and run on a ticket. */
export interface RuleJob {
  ticketId: number;
  campaignId: number;
  trigger: RuleTriggerEvent | 'schedule';
  changedFields: string[];
  /** The rules that already acted in this chain of events (the loop guard). */
  chain: number[];
  /** Identifies the event: a retried job finds the executions it already made. */
  eventKey: string;
  /** A schedule's match: the one rule, and the moment its conditions were evaluated as of (epoch ms). */
  ruleId?: number;
  now?: number;
}

export interface WebhookJob {
  executionId: number;
  actionIndex: number;
  ruleId: number;
  ticketId: number;
}

export const RULE_QUEUE = 'automation.run';
export const WEBHOOK_QUEUE = 'automation.webhook';
/** Tickets one automation rule takes per scheduler pass (the rest are taken by the next pass). */
const SCHEDULE_BATCH = 500;
/** How long a node trusts what it knows of which campaigns have trigger rules (other nodes' edits). */
const TRIGGER_INDEX_TTL_MS = 5_000;

/**
 * The chain of rules whose actions are running: an action's change announces events in the same async context, so
 * the listener sees which rules caused it and no rule acts twice in one chain (nor more than RULE_CHAIN_MAX).
 */
const ruleChain = new AsyncLocalStorage<number[]>();

/** The form fields the rules' conditions read, with their types: what a record must load besides the static ones. */
export function formFieldsOf(rules: readonly { conditions: ConditionGroup }[]): Map<string, ConditionType> {
  const fields = new Map<string, ConditionType>();
  const visit = (group: ConditionGroup) => {
    for (const member of group.conditions) {
      if (isConditionGroup(member)) visit(member);
      else if (member.field.startsWith(FORM_FIELD_PREFIX) && !fields.has(member.field)) {
        fields.set(member.field, member.type);
      }
    }
  };
  for (const rule of rules) visit(rule.conditions);
  return fields;
}

/**
 * The business-rules engine: listens to tickets' events after commit, queues one durable job per event that has
 * rules, evaluates them in memory against the ticket's record (one read per event, whatever the number of rules),
 * and runs the matching rules' actions in order, logging each execution. Automation rules are picked by the
 * scheduler with the conditions compiled to SQL.
 */
export function createRulesEngine(
  ctx: AppContext,
  services: {
    tickets: TicketsService;
    routing: RoutingService;
    templates: TemplatesService;
    outbound: OutboundService;
  },
) {
  const { tickets, routing, templates, outbound } = services;
  const { db } = ctx;
  const triggerIndex = createCachedKeys(
    async () => (await automationRepo.triggerIndex(db)).map((row) => `${row.campaignId}:${row.event}`),
    TRIGGER_INDEX_TTL_MS,
  );
  const hasTriggerRules = (campaignId: number, event: RuleTriggerEvent) => triggerIndex.has(`${campaignId}:${event}`);

  /** After commit: an event of a ticket, queued for its rules when its campaign has any for it. */
  async function heard(ticketId: number, campaignId: number, event: RuleTriggerEvent, changedFields: string[]) {
    if (!(await hasTriggerRules(campaignId, event))) return;
    await ctx.jobs.send(RULE_QUEUE, {
      ticketId,
      campaignId,
      trigger: event,
      changedFields,
      chain: ruleChain.getStore() ?? [],
      eventKey: randomUUID(),
    });
  }

  async function notifySupervisors(notice: RuleNoticeEvent) {
    await ctx.realtime.toSupervisors([notice.campaignId], RULE_NOTICE_EVENT, notice);
  }

  /** One action; throws AutomatedChangeRefused (or anything) when it cannot be done. */
  async function perform(
    rule: BusinessRuleRow,
    action: RuleAction,
    ticketId: number,
    executionId: number,
    index: number,
  ): Promise<RuleActionOutcome> {
    const by = { ruleName: rule.name };
    const done = (detail: string | null = null): RuleActionOutcome => ({ type: action.type, outcome: 'done', detail });
    switch (action.type) {
      case 'setPriority':
        await tickets.automated.setPriority(ticketId, action.priority, by);
        return done();
      case 'setType':
        await tickets.automated.setType(ticketId, action.typeId, by);
        return done();
      case 'assignAgent': {
        const summary = await automationRepo.ticketSummary(db, ticketId);
        if (!summary || !(await automationRepo.isCampaignAgent(db, summary.campaignId, action.userId))) {
          return { type: action.type, outcome: 'failed', detail: 'unknownUser' };
        }
        await tickets.automated.assign(ticketId, action.userId, by);
        return done();
      }
      case 'assignBySkill': {
        const summary = await automationRepo.ticketSummary(db, ticketId);
        if (!summary) return { type: action.type, outcome: 'failed', detail: 'ticketMissing' };
        const campaign = await campaignsRepo.find(db, summary.campaignId);
        const config = campaignConfigSchema.parse(campaign?.config ?? {});
        // Available agents (A or E) of the campaign with the skill and room under its tasks-per-agent limit, who
        // serve the ticket's channel; the least busy, then the one who waited longest (routing's skills choice).
        const candidates = (
          await agentsRepo.candidates(db, summary.campaignId, config.tasksPerAgent, [action.skillId])
        ).filter((candidate) => summary.channelId === null || candidate.channelIds.includes(summary.channelId));
        if (candidates.length === 0) return { type: action.type, outcome: 'failed', detail: 'noAgentWithSkill' };
        await tickets.automated.assign(ticketId, pickAgent('skills', candidates, null).userId, by);
        return done();
      }
      case 'setStatus':
        await tickets.automated.setStatus(ticketId, action.status, by);
        return done();
      case 'assignByDistribution': {
        await tickets.automated.unassign(ticketId, by);
        await routing.route([rule.campaignId]);
        return done();
      }
      case 'addCustomerLabel':
        return done((await automationRepo.addCustomerLabel(db, ticketId, action.labelId)) ? null : 'alreadyLabelled');
      case 'addTask':
        await tickets.automated.addTask(
          ticketId,
          action.notes,
          action.nextTaskInMinutes ? new Date(Date.now() + action.nextTaskInMinutes * 60_000) : null,
          by,
        );
        return done();
      case 'transferToCampaign': {
        const names = await automationRepo.campaignNames(db, [action.campaignId]);
        const name = names.get(action.campaignId);
        if (!name) return { type: action.type, outcome: 'failed', detail: 'unknownCampaign' };
        await tickets.automated.moveToCampaign(ticketId, action.campaignId, name, by);
        await routing.route([action.campaignId]);
        return done();
      }
      case 'notifySupervisors': {
        const summary = await automationRepo.ticketSummary(db, ticketId);
        if (!summary) return { type: action.type, outcome: 'failed', detail: 'ticketMissing' };
        await notifySupervisors({
          rule: rule.name,
          ticketId,
          number: summary.number,
          campaignId: summary.campaignId,
          message: action.message,
        });
        return done();
      }
      case 'sendEmail': {
        const summary = await automationRepo.ticketSummary(db, ticketId);
        if (!summary) return { type: action.type, outcome: 'failed', detail: 'ticketMissing' };
        const link = `${ctx.config.publicUrl.replace(/\/+$/, '')}/v2/app/tickets/${ticketId}/view`;
        for (const to of action.to) {
          await ctx.sendMail({
            to,
            subject: `${action.subject} - #${summary.number}`,
            text: `${action.body}\n\n#${summary.number} · ${summary.customerName}\n${link}\n`,
          });
        }
        return { type: action.type, outcome: 'queued', detail: `${action.to.length}` };
      }
      case 'sendTemplate': {
        const text = await templates.filledForTicket(ticketId, action.templateId);
        if (!text) return { type: action.type, outcome: 'failed', detail: 'templateUnavailable' };
        try {
          if (!(await outbound.sendAutomatic(ticketId, text))) {
            return { type: action.type, outcome: 'failed', detail: 'noConversation' };
          }
        } catch (error) {
          if (error instanceof AppError && error.code === 'MESSAGE.WINDOW_CLOSED') {
            return { type: action.type, outcome: 'failed', detail: 'windowClosed' };
          }
          throw error;
        }
        return { type: action.type, outcome: 'queued', detail: null };
      }
      case 'webhook':
        await ctx.jobs.send(WEBHOOK_QUEUE, { executionId, actionIndex: index, ruleId: rule.id, ticketId });
        return { type: action.type, outcome: 'queued', detail: null };
      case 'close':
        await tickets.automated.close(ticketId, by);
        return done();
    }
  }

  /** Runs a matching rule's actions in order, once per event; an action that fails stops the rest. */
  async function execute(rule: BusinessRuleRow, job: RuleJob): Promise<void> {
    const actions = rule.actions;
    const pending: RuleActionOutcome[] = actions.map((action) => ({
      type: action.type,
      outcome: 'skipped',
      detail: null,
    }));
    const executionId = await automationRepo.startExecution(db, {
      ruleId: rule.id,
      ticketId: job.ticketId,
      trigger: job.trigger,
      eventKey: job.trigger === 'schedule' ? 'schedule' : job.eventKey,
      actions: pending,
    });
    // Already run for this event (a retried job) or, for a schedule, already fired on this ticket.
    if (executionId === null) return;
    const outcomes = [...pending];
    let failed = false;
    await ruleChain.run([...job.chain, rule.id], async () => {
      for (const [index, action] of actions.entries()) {
        try {
          outcomes[index] = await perform(rule, action, job.ticketId, executionId, index);
        } catch (error) {
          const detail = error instanceof AutomatedChangeRefused ? error.reason : 'error';
          if (!(error instanceof AutomatedChangeRefused)) {
            ctx.logger.warn({ err: error, ruleId: rule.id, ticketId: job.ticketId }, 'business rule action failed');
          }
          outcomes[index] = { type: action.type, outcome: 'failed', detail };
        }
        if (outcomes[index].outcome === 'failed') {
          failed = true;
          break;
        }
      }
    });
    await automationRepo.finishExecution(db, executionId, {
      status: failed ? 'failed' : 'succeeded',
      actions: outcomes,
      detail: failed ? 'automation.executions.actionFailed' : null,
    });
    await automationRepo.markRan(db, rule.id, new Date());
  }

  /** A logged skip: the rule matched, but it already acted in this chain of events. */
  async function skipLooping(rule: BusinessRuleRow, job: RuleJob) {
    const id = await automationRepo.startExecution(db, {
      ruleId: rule.id,
      ticketId: job.ticketId,
      trigger: job.trigger,
      eventKey: job.eventKey,
      actions: [],
    });
    if (id !== null) {
      await automationRepo.finishExecution(db, id, {
        status: 'skipped',
        actions: rule.actions.map((action) => ({ type: action.type, outcome: 'skipped', detail: null })),
        detail: 'automation.executions.loopGuard',
      });
    }
  }

  async function run(job: RuleJob): Promise<void> {
    const rules =
      job.trigger === 'schedule'
        ? [await automationRepo.findRule(db, job.ruleId ?? 0)].filter(
            (rule): rule is BusinessRuleRow => !!rule?.enabled && rule.kind === 'automation',
          )
        : await automationRepo.triggerRules(db, job.campaignId, job.trigger);
    if (rules.length === 0) return;
    const shape = { formFields: formFieldsOf(rules) };
    const load = async () => (await loadConditionRecords(db, [job.ticketId], shape)).get(job.ticketId);
    let record = await load();
    const context = { now: job.now ?? Date.now(), changedFields: new Set(job.changedFields) };
    for (const rule of rules) {
      if (!record) return;
      // A ticket moved to another campaign since is not this campaign's rules' business any more.
      if (record['ticket.campaignId'] !== rule.campaignId) return;
      if (!evaluateConditions(rule.conditions, record, context)) continue;
      // The rules of one event are siblings: each may act; what their changes cause carries them in its chain.
      if (job.chain.includes(rule.id) || job.chain.length >= RULE_CHAIN_MAX) {
        await skipLooping(rule, job);
        continue;
      }
      await execute(rule, job);
      // The next rules see what this one changed.
      record = await load();
    }
  }

  async function deliverWebhook(job: WebhookJob, attempt: JobAttempt): Promise<void> {
    const rule = await automationRepo.findRule(db, job.ruleId);
    const action = rule?.actions[job.actionIndex];
    const execution = await automationRepo.findExecution(db, job.executionId);
    if (!rule || !execution || action?.type !== 'webhook') return;
    const summary = await automationRepo.ticketSummary(db, job.ticketId);
    const body = JSON.stringify({
      rule: { id: rule.id, name: rule.name },
      execution: { id: execution.id, trigger: execution.trigger, createdAt: execution.createdAt.toISOString() },
      ticket: summary
        ? { id: summary.id, number: summary.number, campaignId: summary.campaignId }
        : { id: job.ticketId },
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Atiende-Webhook/1',
      'x-atiende-delivery': `${execution.id}-${job.actionIndex}`,
    };
    if (action.secret) {
      headers['x-atiende-signature'] = `sha256=${createHmac('sha256', action.secret).update(body).digest('hex')}`;
    }
    const record = (outcome: RuleActionOutcome) =>
      automationRepo.setActionOutcome(db, job.executionId, job.actionIndex, outcome);
    try {
      const response = await ctx.outbound.fetch('webhook', action.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(action.timeoutSeconds * 1000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await record({ type: 'webhook', outcome: 'done', detail: `HTTP ${response.status}` });
    } catch (error) {
      const detail =
        error instanceof OutboundRefusedError
          ? 'refused'
          : error instanceof Error && /^HTTP \d+$/.test(error.message)
            ? error.message
            : 'unreachable';
      // A refused address never becomes allowed by retrying.
      if (attempt.lastAttempt || error instanceof OutboundRefusedError) {
        await record({ type: 'webhook', outcome: 'failed', detail });
        return;
      }
      await record({ type: 'webhook', outcome: 'queued', detail: `${detail} · ${attempt.retryCount + 1}` });
      throw error;
    }
  }

  /** The scheduler's pass: due automation rules select their matching tickets in SQL and queue them. */
  async function runDue(now: Date = new Date()): Promise<number> {
    let queued = 0;
    const jobs: RuleJob[] = [];
    await db.transaction(async (tx) => {
      for (const rule of await automationRepo.dueRules(tx, now, 20)) {
        const ticketIds = await automationRepo.scheduledMatches(tx, rule, now.getTime(), SCHEDULE_BATCH);
        for (const ticketId of ticketIds) {
          jobs.push({
            ticketId,
            campaignId: rule.campaignId,
            trigger: 'schedule',
            changedFields: [],
            chain: [],
            eventKey: 'schedule',
            ruleId: rule.id,
            now: now.getTime(),
          });
        }
        const every = (rule.everyMinutes ?? 60) * 60_000;
        await automationRepo.markScheduled(tx, rule.id, now, new Date(now.getTime() + every));
      }
    });
    // Queued after the pass commits; a crash between leaves them to the next pass (they have not fired).
    for (const job of jobs) {
      await ctx.jobs.send(RULE_QUEUE, job);
      queued += 1;
    }
    return queued;
  }

  const listeners = {
    activity: async ({ ticketId, campaignId, activity, changedFields }: DomainEventMap['ticket.activity']) => {
      if (activity === 'agentReplied') return;
      await heard(ticketId, campaignId, activity, changedFields);
    },
    inbound: async (result: DomainEventMap['inbound.recorded']) => {
      if (result.duplicate) return;
      if (result.newTicket) await heard(result.ticketId, result.campaignId, 'ticketCreated', []);
      await heard(result.ticketId, result.campaignId, 'messageReceived', ['message.text', 'message.at']);
    },
  };

  return {
    /** Subscribes to the domain events and defines the jobs. */
    async attach() {
      ctx.events.on('ticket.activity', listeners.activity);
      ctx.events.on('inbound.recorded', listeners.inbound);
      await ctx.jobs.define({ name: RULE_QUEUE, retryLimit: 3, retryDelaySeconds: 5, concurrency: 4 }, (job) =>
        run(job),
      );
      await ctx.jobs.define(
        { name: WEBHOOK_QUEUE, retryLimit: 3, retryDelaySeconds: 5, concurrency: 4 },
        (job, attempt) => deliverWebhook(job, attempt),
      );
    },
    /** A rule changed here: the next event reads the rules again. */
    forgetTriggerIndex: () => triggerIndex.forget(),
    run,
    runDue,
    ...createPeriodicTask(ctx.logger, 'automation scheduler pass', () => runDue()),
  };
}

export type RulesEngine = ReturnType<typeof createRulesEngine>;

/** The form fields conditions name, each with the condition type its form field's type gives (for validation). */
export function formConditionType(fieldType: string): ConditionType | null {
  return (FORM_FIELD_CONDITION_TYPE as Record<string, ConditionType>)[fieldType] ?? null;
}
