import {
  type BusinessRule,
  type BusinessRuleBody,
  type Condition,
  type ConditionGroup,
  isConditionGroup,
  type Locale,
  RULE_PREVIEW_CAP,
  type RuleAction,
  type RuleActionView,
  type RuleExecution,
} from '@atiende/contracts';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { errors } from '../../platform/http/errors.js';
import { isMessageKey, translate } from '../../platform/i18n/messages.js';
import { ruleCampaignScope } from '../../policies/automation.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { automationRepo, type BusinessRuleRow, type RuleExecutionRow } from './automation.repo.js';
import { formConditionType, type RulesEngine } from './rules.engine.js';

/** Every condition of a tree with its path in the request body (`conditions.conditions.0.conditions.1`). */
function* conditionsWithPaths(group: ConditionGroup, path: string): Generator<[string, Condition]> {
  for (const [index, member] of group.conditions.entries()) {
    const at = `${path}.conditions.${index}`;
    if (isConditionGroup(member)) yield* conditionsWithPaths(member, at);
    else yield [at, member];
  }
}

/**
 * Form fields named by conditions must exist in the campaign's dynamic form with the condition's type; 422 at the
 * first condition that does not (`<path>.conditions.<n>.field`). Shared by business rules and segmentations.
 */
export async function assertFormFields(
  db: Executor,
  campaignId: number,
  groups: readonly [path: string, group: ConditionGroup][],
): Promise<void> {
  let formFields: Map<string, string> | null = null;
  for (const [base, group] of groups) {
    for (const [path, condition] of conditionsWithPaths(group, base)) {
      if (!condition.field.startsWith('form.')) continue;
      formFields ??= new Map(
        (await automationRepo.campaignFormFields(db, campaignId)).map((field) => [`form.${field.key}`, field.type]),
      );
      const fieldType = formFields.get(condition.field);
      if (!fieldType || formConditionType(fieldType) !== condition.type) {
        throw errors.invalidField(`${path}.field`, 'automation.conditions.formFieldUnknown');
      }
    }
  }
}

/**
 * What the condition and action builders offer: the campaigns the actor manages and, for one of them (404 outside
 * them), its people, the ticket types, customer labels, its channels and its form's fields.
 */
export async function automationOptions(db: Executor, actor: Actor, campaignId?: number) {
  const campaigns = await automationRepo.manageableCampaigns(db, ruleCampaignScope(actor));
  const empty = { users: [], ticketTypes: [], labels: [], channels: [], formFields: [], templates: [], skills: [] };
  if (!campaignId) return { campaigns, ...empty };
  if (!campaigns.some((campaign) => campaign.id === campaignId)) throw errors.notFound();
  const [users, ticketTypes, labels, channels, formFields, templates, skills] = await Promise.all([
    automationRepo.campaignPeople(db, campaignId),
    automationRepo.catalogueOptions(db, 'tipo-caso'),
    automationRepo.catalogueOptions(db, 'customer-label'),
    automationRepo.campaignChannels(db, campaignId),
    automationRepo.campaignFormFields(db, campaignId),
    automationRepo.campaignTemplates(db, campaignId),
    automationRepo.catalogueOptions(db, 'skill'),
  ]);
  return { campaigns, users, ticketTypes, labels, channels, formFields, templates, skills };
}

function actionView(action: RuleAction): RuleActionView {
  if (action.type !== 'webhook') return action;
  const { secret, ...rest } = action;
  return { ...rest, hasSecret: !!secret };
}

function ruleView(row: BusinessRuleRow, campaignName: string): BusinessRule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    campaign: { id: row.campaignId, name: campaignName },
    enabled: row.enabled,
    kind: row.kind as BusinessRule['kind'],
    triggerEvent: (row.triggerEvent as BusinessRule['triggerEvent']) ?? null,
    everyMinutes: row.everyMinutes,
    conditions: row.conditions,
    actions: row.actions.map(actionView),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function executionView(
  row: RuleExecutionRow & { ruleName: string; ticketNumber: number },
  locale: Locale,
): RuleExecution {
  return {
    id: row.id,
    rule: { id: row.ruleId, name: row.ruleName },
    ticket: { id: row.ticketId, number: row.ticketNumber },
    trigger: row.trigger as RuleExecution['trigger'],
    status: row.status as RuleExecution['status'],
    actions: row.actions,
    detail: row.detail && isMessageKey(row.detail) ? translate(locale, row.detail) : row.detail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Business rules as records: who may manage which, their validation against the database, their logs. */
export function createAutomationService(ctx: AppContext, engine: RulesEngine) {
  const { db } = ctx;

  async function manageable(actor: Actor): Promise<{ id: number; name: string }[]> {
    return automationRepo.manageableCampaigns(db, ruleCampaignScope(actor));
  }

  /** The rule, when it belongs to a campaign the actor manages; 404 otherwise (another campaign's rule). */
  async function visibleRule(actor: Actor, id: number, lock = false): Promise<BusinessRuleRow> {
    const row = await automationRepo.findRule(db, id, lock);
    if (!row) throw errors.notFound();
    const scope = ruleCampaignScope(actor);
    if (scope !== null && !(await manageable(actor)).some((campaign) => campaign.id === row.campaignId)) {
      throw errors.notFound();
    }
    return row;
  }

  /** What the schema cannot know: the campaign, its form's fields, the actions' records and addresses. */
  async function validate(actor: Actor, body: BusinessRuleBody): Promise<string> {
    const campaigns = await manageable(actor);
    const campaign = campaigns.find((candidate) => candidate.id === body.campaignId);
    if (!campaign) throw errors.invalidField('campaignId', 'automation.rules.unknownCampaign');
    await assertFormFields(db, body.campaignId, [['conditions', body.conditions]]);
    const typeIds = body.actions.flatMap((action) => (action.type === 'setType' ? [action.typeId] : []));
    const labelIds = body.actions.flatMap((action) => (action.type === 'addCustomerLabel' ? [action.labelId] : []));
    const types = await automationRepo.catalogueExists(db, 'tipo-caso', typeIds);
    const labels = await automationRepo.catalogueExists(db, 'customer-label', labelIds);
    const skillIds = body.actions.flatMap((action) => (action.type === 'assignBySkill' ? [action.skillId] : []));
    const skills = await automationRepo.catalogueExists(db, 'skill', skillIds);
    for (const [index, action] of body.actions.entries()) {
      const at = `actions.${index}`;
      switch (action.type) {
        case 'assignAgent':
          if (!(await automationRepo.isCampaignAgent(db, body.campaignId, action.userId))) {
            throw errors.invalidField(`${at}.userId`, 'automation.rules.unknownUser');
          }
          break;
        case 'setType':
          if (!types.has(action.typeId)) throw errors.invalidField(`${at}.typeId`, 'automation.rules.unknownType');
          break;
        case 'assignBySkill':
          if (!skills.has(action.skillId)) throw errors.invalidField(`${at}.skillId`, 'automation.rules.unknownSkill');
          break;
        case 'addCustomerLabel':
          if (!labels.has(action.labelId)) throw errors.invalidField(`${at}.labelId`, 'automation.rules.unknownLabel');
          break;
        case 'transferToCampaign':
          // Nobody sends tickets where they could not write rules themselves.
          if (action.campaignId === body.campaignId || !campaigns.some((c) => c.id === action.campaignId)) {
            throw errors.invalidField(`${at}.campaignId`, 'automation.rules.unknownCampaign');
          }
          break;
        case 'sendTemplate':
          if (!(await automationRepo.campaignTemplates(db, body.campaignId)).some((t) => t.id === action.templateId)) {
            throw errors.invalidField(`${at}.templateId`, 'automation.rules.unknownTemplate');
          }
          break;
        case 'webhook':
          if (await ctx.outbound.checkUrl('webhook', action.url)) {
            throw errors.invalidField(`${at}.url`, 'automation.rules.webhookRefused');
          }
          break;
        default:
          break;
      }
    }
    return campaign.name;
  }

  /** A webhook sent without its secret keeps the one saved for the same address. */
  function keepSecrets(actions: RuleAction[], saved: RuleAction[]): RuleAction[] {
    return actions.map((action) => {
      if (action.type !== 'webhook' || action.secret) return action;
      const previous = saved.find(
        (candidate): candidate is Extract<RuleAction, { type: 'webhook' }> =>
          candidate.type === 'webhook' && candidate.url === action.url && !!candidate.secret,
      );
      return previous ? { ...action, secret: previous.secret } : action;
    });
  }

  function stored(body: BusinessRuleBody, now: Date) {
    const automation = body.kind === 'automation';
    return {
      name: body.name,
      description: body.description,
      campaignId: body.campaignId,
      enabled: body.enabled,
      kind: body.kind,
      triggerEvent: automation ? null : (body.triggerEvent ?? null),
      everyMinutes: automation ? (body.everyMinutes ?? null) : null,
      conditions: body.conditions,
      actions: body.actions,
      // An automation is first evaluated at the scheduler's next pass.
      nextRunAt: automation && body.enabled ? now : null,
    };
  }

  async function viewOf(row: BusinessRuleRow): Promise<BusinessRule> {
    const names = await automationRepo.campaignNames(db, [row.campaignId]);
    return ruleView(row, names.get(row.campaignId) ?? '');
  }

  return {
    options: (actor: Actor, campaignId?: number) => automationOptions(db, actor, campaignId),

    async list(
      actor: Actor,
      query: { campaignId?: number; searchText?: string; after?: number; sizePerPage: number },
    ): Promise<{ data: BusinessRule[]; hasMore: boolean }> {
      const scope = ruleCampaignScope(actor);
      const campaignIds = scope === null ? null : (await manageable(actor)).map((campaign) => campaign.id);
      const rows = await automationRepo.listRules(db, {
        campaignIds,
        campaignId: query.campaignId,
        search: query.searchText,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      const page = rows.slice(0, query.sizePerPage);
      const names = await automationRepo.campaignNames(
        db,
        page.map((row) => row.campaignId),
      );
      return {
        data: page.map((row) => ruleView(row, names.get(row.campaignId) ?? '')),
        hasMore: rows.length > query.sizePerPage,
      };
    },

    async get(actor: Actor, id: number): Promise<BusinessRule> {
      return viewOf(await visibleRule(actor, id));
    },

    async create(actor: Actor, body: BusinessRuleBody): Promise<BusinessRule> {
      await validate(actor, body);
      const row = await automationRepo.insertRule(db, { ...stored(body, new Date()), createdBy: actor.userId });
      engine.forgetTriggerIndex();
      return viewOf(row);
    },

    async update(actor: Actor, id: number, body: BusinessRuleBody): Promise<BusinessRule> {
      // Another campaign's rule is not there for this actor (404) before anything about the body is said.
      await visibleRule(actor, id);
      await validate(actor, body);
      const row = await db.transaction(async (tx) => {
        const saved = await visibleRule(actor, id, true);
        const values = stored({ ...body, actions: keepSecrets(body.actions, saved.actions) }, new Date());
        // An automation keeps its schedule unless it was off or changed how often it runs.
        const keepSchedule = saved.kind === 'automation' && saved.enabled && saved.everyMinutes === values.everyMinutes;
        return automationRepo.updateRule(tx, id, keepSchedule ? { ...values, nextRunAt: saved.nextRunAt } : values);
      });
      engine.forgetTriggerIndex();
      return viewOf(row);
    },

    async remove(actor: Actor, id: number): Promise<{ id: number }> {
      await db.transaction(async (tx) => {
        await visibleRule(actor, id, true);
        await automationRepo.deleteRule(tx, id);
      });
      engine.forgetTriggerIndex();
      return { id };
    },

    async preview(actor: Actor, body: { campaignId: number; conditions: ConditionGroup }) {
      if (!(await manageable(actor)).some((campaign) => campaign.id === body.campaignId)) {
        throw errors.invalidField('campaignId', 'automation.rules.unknownCampaign');
      }
      // "Changed to" cannot be told without an event: the preview counts tickets whose field has the value now.
      const asNow = (group: ConditionGroup): ConditionGroup => ({
        match: group.match,
        conditions: group.conditions.map((member) =>
          isConditionGroup(member)
            ? asNow(member)
            : member.operator === 'changedTo'
              ? { ...member, operator: 'equals' as const }
              : member,
        ),
      });
      const count = await automationRepo.previewCount(db, body.campaignId, asNow(body.conditions), Date.now());
      return { count: Math.min(count, RULE_PREVIEW_CAP), capped: count > RULE_PREVIEW_CAP };
    },

    async executions(actor: Actor, id: number, query: { before?: number; sizePerPage: number }, locale: Locale) {
      await visibleRule(actor, id);
      const rows = await automationRepo.executions(db, {
        ruleId: id,
        before: query.before,
        limit: query.sizePerPage + 1,
      });
      return {
        data: rows.slice(0, query.sizePerPage).map((row) => executionView(row, locale)),
        hasMore: rows.length > query.sizePerPage,
      };
    },

    /** A ticket's rule executions: for whoever may read the ticket (its campaign's rules are no secret to them). */
    async ticketExecutions(
      actor: Actor,
      ticketId: number,
      query: { before?: number; sizePerPage: number },
      locale: Locale,
    ) {
      if (!(await ticketsRepo.findVisible(db, ticketScopeOf(actor), { id: ticketId }))) throw errors.notFound();
      const rows = await automationRepo.executions(db, {
        ticketId,
        before: query.before,
        limit: query.sizePerPage + 1,
      });
      return {
        data: rows.slice(0, query.sizePerPage).map((row) => executionView(row, locale)),
        hasMore: rows.length > query.sizePerPage,
      };
    },
  };
}

export type AutomationService = ReturnType<typeof createAutomationService>;
