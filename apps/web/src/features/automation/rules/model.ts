import {
  type BusinessRule,
  type BusinessRuleInput,
  type ConditionGroup,
  EMPTY_CONDITION_GROUP,
  type RuleActionInput,
  type RuleActionType,
  type RuleActionView,
  type RuleKind,
  type RuleTriggerEvent,
  TICKET_PRIORITY,
  type TicketPriority,
} from '@atiende/contracts';

/**
 * The business-rule form's state and the body it sends. Inputs keep what the user typed (numbers as text, a
 * reference not chosen yet as ''); `ruleFormToBody` turns that into the API's body, which the contracts' schema
 * checks before it is sent.
 */

type Id = number | '';

/** One action as the form edits it. */
export type ActionDraft =
  | { type: 'assignAgent'; userId: Id }
  | { type: 'assignBySkill'; skillId: Id }
  | { type: 'setStatus'; status: 1 | 2 }
  | { type: 'assignByDistribution' }
  | { type: 'setPriority'; priority: TicketPriority }
  | { type: 'setType'; typeId: Id }
  | { type: 'addCustomerLabel'; labelId: Id }
  | { type: 'addTask'; notes: string; nextTaskInMinutes: string }
  | { type: 'transferToCampaign'; campaignId: Id }
  | { type: 'notifySupervisors'; message: string }
  | { type: 'sendTemplate'; templateId: Id }
  | { type: 'sendEmail'; to: string[]; subject: string; body: string }
  | {
      type: 'webhook';
      url: string;
      /** Empty: none (a new action) or the saved one stays (`hasSecret`). */
      secret: string;
      timeoutSeconds: string;
      /** The saved action has a secret (the API never sends it back). */
      hasSecret: boolean;
      /** The saved action's address: the server keeps a saved secret for a webhook sent with the same one. */
      savedUrl: string;
    }
  | { type: 'close' };

/** An action in the list, with a key that follows it when the list is reordered. */
export interface ActionItem {
  key: string;
  action: ActionDraft;
}

export interface RuleFormState {
  name: string;
  description: string;
  campaignId: Id;
  enabled: boolean;
  kind: RuleKind;
  triggerEvent: RuleTriggerEvent | '';
  everyMinutes: string;
  conditions: ConditionGroup;
  actions: ActionItem[];
}

export const DEFAULT_EVERY_MINUTES = 60;
export const DEFAULT_WEBHOOK_TIMEOUT = 10;

let lastKey = 0;
function actionKey(): string {
  lastKey += 1;
  return `action-${lastKey}`;
}

export function actionItem(action: ActionDraft): ActionItem {
  return { key: actionKey(), action };
}

/** A new action of `type` with empty fields. */
export function newAction(type: RuleActionType): ActionDraft {
  switch (type) {
    case 'assignAgent':
      return { type, userId: '' };
    case 'assignBySkill':
      return { type, skillId: '' };
    case 'setStatus':
      return { type, status: 2 };
    case 'setPriority':
      return { type, priority: TICKET_PRIORITY.high };
    case 'setType':
      return { type, typeId: '' };
    case 'addCustomerLabel':
      return { type, labelId: '' };
    case 'addTask':
      return { type, notes: '', nextTaskInMinutes: '' };
    case 'transferToCampaign':
      return { type, campaignId: '' };
    case 'notifySupervisors':
      return { type, message: '' };
    case 'sendTemplate':
      return { type, templateId: '' };
    case 'sendEmail':
      return { type, to: [], subject: '', body: '' };
    case 'webhook':
      return {
        type,
        url: '',
        secret: '',
        timeoutSeconds: String(DEFAULT_WEBHOOK_TIMEOUT),
        hasSecret: false,
        savedUrl: '',
      };
    case 'assignByDistribution':
    case 'close':
      return { type };
  }
}

export function emptyRuleForm(campaignId: Id = ''): RuleFormState {
  return {
    name: '',
    description: '',
    campaignId,
    enabled: true,
    kind: 'trigger',
    triggerEvent: 'ticketCreated',
    everyMinutes: String(DEFAULT_EVERY_MINUTES),
    conditions: EMPTY_CONDITION_GROUP,
    actions: [],
  };
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A saved action as the form edits it. */
export function actionToDraft(action: RuleActionView): ActionDraft {
  switch (action.type) {
    case 'addTask':
      return { type: action.type, notes: action.notes, nextTaskInMinutes: text(action.nextTaskInMinutes) };
    case 'sendEmail':
      return { type: action.type, to: [...action.to], subject: action.subject, body: action.body };
    case 'webhook':
      return {
        type: action.type,
        url: action.url,
        secret: '',
        timeoutSeconds: text(action.timeoutSeconds),
        hasSecret: action.hasSecret,
        savedUrl: action.url,
      };
    case 'setPriority':
      return { type: action.type, priority: action.priority as TicketPriority };
    default:
      return action;
  }
}

export function ruleToForm(rule: BusinessRule): RuleFormState {
  return {
    name: rule.name,
    description: rule.description ?? '',
    campaignId: rule.campaign.id,
    enabled: rule.enabled,
    kind: rule.kind,
    triggerEvent: rule.triggerEvent ?? (rule.kind === 'trigger' ? 'ticketCreated' : ''),
    everyMinutes: text(rule.everyMinutes ?? (rule.kind === 'automation' ? null : DEFAULT_EVERY_MINUTES)),
    conditions: rule.conditions,
    actions: rule.actions.map((action) => actionItem(actionToDraft(action))),
  };
}

/**
 * What becomes of a webhook's saved secret when the field is left empty: `kept` while the address is the saved one
 * (the server keeps the secret saved for that address), `lost` once the address changed, `none` without one.
 */
export function webhookSecretState(action: Extract<ActionDraft, { type: 'webhook' }>): 'kept' | 'lost' | 'none' {
  if (!action.hasSecret) return 'none';
  return action.url.trim() === action.savedUrl.trim() ? 'kept' : 'lost';
}

/**
 * A reference not chosen yet. It goes into the body as null, which the schema refuses with its "choose one"
 * message; the form never sends a body the schema refused.
 */
function reference(id: Id): number {
  return id === '' ? (null as unknown as number) : id;
}

/** A typed number, or null when the field is empty. */
function numberOrNull(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

export function draftToAction(action: ActionDraft): RuleActionInput {
  switch (action.type) {
    case 'assignAgent':
      return { type: action.type, userId: reference(action.userId) };
    case 'assignBySkill':
      return { type: action.type, skillId: reference(action.skillId) };
    case 'setType':
      return { type: action.type, typeId: reference(action.typeId) };
    case 'addCustomerLabel':
      return { type: action.type, labelId: reference(action.labelId) };
    case 'transferToCampaign':
      return { type: action.type, campaignId: reference(action.campaignId) };
    case 'sendTemplate':
      return { type: action.type, templateId: reference(action.templateId) };
    case 'addTask':
      return { type: action.type, notes: action.notes, nextTaskInMinutes: numberOrNull(action.nextTaskInMinutes) };
    case 'sendEmail':
      return {
        type: action.type,
        to: action.to.map((address) => address.trim()).filter(Boolean),
        subject: action.subject,
        body: action.body,
      };
    case 'webhook': {
      const timeout = numberOrNull(action.timeoutSeconds);
      return {
        type: action.type,
        url: action.url,
        // Write-only: left empty, nothing is sent and the saved secret (if any) stays.
        ...(action.secret === '' ? {} : { secret: action.secret }),
        ...(timeout === null ? {} : { timeoutSeconds: timeout }),
      };
    }
    default:
      return action;
  }
}

export function ruleFormToBody(state: RuleFormState): BusinessRuleInput {
  const trigger = state.kind === 'trigger';
  return {
    name: state.name,
    description: state.description,
    campaignId: reference(state.campaignId),
    enabled: state.enabled,
    kind: state.kind,
    triggerEvent: trigger ? state.triggerEvent || null : null,
    everyMinutes: trigger ? null : numberOrNull(state.everyMinutes),
    conditions: state.conditions,
    actions: state.actions.map((item) => draftToAction(item.action)),
  };
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
