import {
  BULK_VARIABLES,
  type BulkChannelType,
  type BulkFrequency,
  type BulkFrequencyKind,
  type BulkMessage,
  type BulkMessageInput,
  type BulkOptions,
  type BulkVariable,
  bulkContentProblems,
  bulkMessageBodySchema,
  type ConditionGroup,
  EMPTY_CONDITION_GROUP,
  fillBulkText,
  messageKeyOf,
  templateVariablesOf,
} from '@atiende/contracts';
import dayjs from 'dayjs';
import type { FieldErrors } from '../../ui/useFormErrors';
import { SAMPLE_VALUES } from '../templates/model';

/** The wizard's four steps (spec: basic config, message config, accounts config, check data). */
export const WIZARD_STEPS = ['basic', 'message', 'accounts', 'check'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export type BulkCampaignOption = BulkOptions['campaigns'][number];
export type BulkChannelOption = BulkCampaignOption['channels'][number];
export type BulkTemplateOption = BulkChannelOption['templates'][number];

export interface WizardAccounts {
  conditions: ConditionGroup;
  campaignAccountsOnly: boolean;
  sendTo: 'all' | 'selected';
  customerIds: number[];
}

/** What the wizard holds while it is filled in (numbers as typed, the programmed time as the picker's local value). */
export interface WizardState {
  name: string;
  campaignId: number | null;
  channelId: number | null;
  whatsappTemplateId: number | null;
  /** One per numbered variable of the chosen template ({{1}} first). */
  templateValues: string[];
  subject: string;
  message: string;
  activeTickets: boolean;
  frequency: BulkFrequencyKind;
  everyHours: string;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (the date-time picker's value). */
  programmedAt: string;
  accounts: WizardAccounts;
}

export const EMPTY_WIZARD: WizardState = {
  name: '',
  campaignId: null,
  channelId: null,
  whatsappTemplateId: null,
  templateValues: [],
  subject: '',
  message: '',
  activeTickets: false,
  frequency: 'none',
  everyHours: '24',
  programmedAt: '',
  accounts: { conditions: EMPTY_CONDITION_GROUP, campaignAccountsOnly: false, sendTo: 'all', customerIds: [] },
};

/** What the chosen campaign, channel and template are in the options (null while none is chosen or offered). */
export interface Chosen {
  campaign: BulkCampaignOption | null;
  channel: BulkChannelOption | null;
  template: BulkTemplateOption | null;
}

export function chosenOf(state: WizardState, options: BulkOptions | undefined): Chosen {
  const campaign = options?.campaigns.find((item) => item.id === state.campaignId) ?? null;
  const channel = campaign?.channels.find((item) => item.id === state.channelId) ?? null;
  const template = channel?.templates.find((item) => item.id === state.whatsappTemplateId) ?? null;
  return { campaign, channel, template };
}

/** Another campaign: its channel and template start over (a channel belongs to one campaign's choice). */
export function setCampaign(state: WizardState, campaignId: number | null): WizardState {
  if (campaignId === state.campaignId) return state;
  return {
    ...state,
    campaignId,
    channelId: null,
    whatsappTemplateId: null,
    templateValues: [],
    accounts: { ...state.accounts, customerIds: [] },
  };
}

/** Another channel: the template starts over; the text and subject stay (they may suit the new channel too). */
export function setChannel(state: WizardState, channelId: number | null): WizardState {
  if (channelId === state.channelId) return state;
  return {
    ...state,
    channelId,
    whatsappTemplateId: null,
    templateValues: [],
    accounts: { ...state.accounts, customerIds: [] },
  };
}

/** Another template: one value per numbered variable, the values already typed kept in place. */
export function setTemplate(state: WizardState, template: BulkTemplateOption | null): WizardState {
  const count = template?.variables ?? 0;
  return {
    ...state,
    whatsappTemplateId: template?.id ?? null,
    templateValues: Array.from({ length: count }, (_, index) => state.templateValues[index] ?? ''),
  };
}

/** The picker's local date and time as an ISO instant with the browser's offset ('' while incomplete). */
export function localToIso(local: string): string {
  if (!local) return '';
  const parsed = dayjs(local);
  return parsed.isValid() ? parsed.format('YYYY-MM-DDTHH:mm:ssZ') : '';
}

/** An ISO instant as the picker's local value. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed.format('YYYY-MM-DDTHH:mm') : '';
}

function frequencyOf(state: WizardState): BulkFrequency {
  if (state.frequency === 'permanent') {
    const typed = state.everyHours.trim();
    // Left empty or not a number: the schema's "every how many hours" message.
    return { kind: 'permanent', everyHours: (typed === '' ? undefined : Number(typed)) as number };
  }
  if (state.frequency === 'programmed') return { kind: 'programmed', at: localToIso(state.programmedAt) };
  return { kind: 'none' };
}

/**
 * The request body (`POST bulk-messages`): only what the channel's type uses (a template and its values for
 * WhatsApp, a text for SMS, a subject and a text for e-mail); the selected accounts only when it goes to them.
 * A campaign or channel not chosen yet goes as null, which the schema refuses with its message.
 */
export function wizardBody(state: WizardState, channelType: string | null): BulkMessageInput {
  const whatsapp = channelType === 'whatsapp';
  const text = channelType === 'sms' || channelType === 'email';
  return {
    name: state.name,
    campaignId: state.campaignId as number,
    channelId: state.channelId as number,
    whatsappTemplateId: whatsapp ? state.whatsappTemplateId : null,
    templateValues: whatsapp ? state.templateValues : [],
    subject: channelType === 'email' ? state.subject : null,
    message: text ? state.message : null,
    activeTickets: state.activeTickets,
    frequency: frequencyOf(state),
    accounts: {
      conditions: state.accounts.conditions,
      campaignAccountsOnly: state.accounts.campaignAccountsOnly,
      sendTo: state.accounts.sendTo,
      customerIds: state.accounts.sendTo === 'selected' ? state.accounts.customerIds : [],
    },
  };
}

type Translate = (key: string) => string;

/**
 * The errors the schema alone cannot tell: what the chosen channel's type requires (`bulkContentProblems`), each
 * message translated.
 */
export function contentErrors(body: BulkMessageInput, channelType: string | null, t: Translate): FieldErrors {
  if (!channelType || !body.channelId) return {};
  const errors: FieldErrors = {};
  for (const problem of bulkContentProblems(body, channelType)) {
    errors[problem.path] ??= t(messageKeyOf(problem.message) ?? problem.message);
  }
  return errors;
}

export { bulkMessageBodySchema as wizardSchema };

/** Which step holds each field of the body (its first segment); anything else is shown on the first step. */
const STEP_OF_FIELD: Record<string, WizardStep> = {
  name: 'basic',
  campaignId: 'basic',
  channelId: 'basic',
  whatsappTemplateId: 'basic',
  subject: 'basic',
  activeTickets: 'basic',
  frequency: 'basic',
  templateValues: 'message',
  message: 'message',
  accounts: 'accounts',
};

export function stepOfField(field: string): WizardStep {
  return STEP_OF_FIELD[field.split('.')[0]] ?? 'basic';
}

export function errorsOfStep(errors: FieldErrors, step: WizardStep): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step));
}

/** The first step (in the wizard's order) that has an error, or null. */
export function firstStepWithErrors(errors: FieldErrors): WizardStep | null {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return WIZARD_STEPS.find((step) => steps.has(step)) ?? null;
}

/** How a customer variable is written in a text. */
export const variableToken = (name: BulkVariable) => `{{${name}}}`;

/** The variables a text uses that bulk messages do not have (the server refuses them). */
export function unknownBulkVariables(text: string): string[] {
  return templateVariablesOf(text).filter((name) => !(BULK_VARIABLES as readonly string[]).includes(name));
}

/** The sample customer the previews are filled with (the message templates' samples). */
export function bulkSampleValues(language: string): Record<BulkVariable, string> {
  const samples = language.startsWith('en') ? SAMPLE_VALUES.en : SAMPLE_VALUES.es;
  return Object.fromEntries(BULK_VARIABLES.map((name) => [name, samples[name]])) as Record<BulkVariable, string>;
}

/** A text filled with the sample customer. */
export function fillSample(text: string, language: string): string {
  return fillBulkText(text, bulkSampleValues(language));
}

/** The WhatsApp template's values filled with the sample customer, one per numbered variable. */
export function sampleTemplateValues(values: readonly string[], language: string): string[] {
  return values.map((value) => fillSample(value, language));
}

/** How many conditions a tree has (groups not counted). */
export function countConditions(group: ConditionGroup): number {
  return group.conditions.reduce(
    (sum, member) => sum + ('conditions' in member ? countConditions(member as ConditionGroup) : 1),
    0,
  );
}

/** The channel type of a saved bulk message, if bulk can send on it. */
export function channelTypeOf(message: Pick<BulkMessage, 'channel'>): BulkChannelType | null {
  const type = message.channel.type;
  return type === 'whatsapp' || type === 'sms' || type === 'email' ? type : null;
}

/** Toggles one account in the selection, never beyond `max` accounts. */
export function toggleSelected(ids: readonly number[], id: number, checked: boolean, max: number): number[] {
  if (!checked) return ids.filter((item) => item !== id);
  if (ids.includes(id) || ids.length >= max) return [...ids];
  return [...ids, id];
}

/** Adds (or removes) every shown account, up to `max` accounts selected. */
export function toggleShown(ids: readonly number[], shown: readonly number[], checked: boolean, max: number): number[] {
  if (!checked) {
    const drop = new Set(shown);
    return ids.filter((item) => !drop.has(item));
  }
  const out = [...ids];
  const have = new Set(ids);
  for (const id of shown) {
    if (out.length >= max) break;
    if (!have.has(id)) {
      out.push(id);
      have.add(id);
    }
  }
  return out;
}
