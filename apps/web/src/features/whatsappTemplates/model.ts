import {
  type WHATSAPP_BUTTONS_TYPES,
  type WHATSAPP_HEADER_TYPES,
  WHATSAPP_TEMPLATE_LIMITS,
  type WhatsappButton,
  type WhatsappTemplate,
  type WhatsappTemplateStatus,
  type whatsappTemplateBodySchema,
  whatsappVariablesOf,
} from '@atiende/contracts';
import type { z } from 'zod';

type TemplateInput = z.input<typeof whatsappTemplateBodySchema>;
export type ButtonsType = (typeof WHATSAPP_BUTTONS_TYPES)[number];
export type HeaderType = (typeof WHATSAPP_HEADER_TYPES)[number];
export type ButtonKind = WhatsappButton['kind'];

/** One button row of the form: `value` is the URL or the phone number (unused by quick replies). */
export interface ButtonDraft {
  kind: ButtonKind;
  text: string;
  value: string;
}

/** The form of /app/whatsapp-templates/add ('' channel = none chosen yet). */
export interface WhatsappTemplateFormState {
  channelId: number | '';
  name: string;
  category: WhatsappTemplate['category'];
  language: WhatsappTemplate['language'];
  headerType: HeaderType;
  headerText: string;
  body: string;
  footer: string;
  /** Example values by variable number ({{1}} → examples[1]); kept while a variable is briefly removed. */
  examples: Record<number, string>;
  buttonsType: ButtonsType;
  buttons: ButtonDraft[];
}

export function emptyWhatsappTemplateForm(language: string): WhatsappTemplateFormState {
  return {
    channelId: '',
    name: '',
    category: 'UTILITY',
    language: language.startsWith('en') ? 'en' : 'es',
    headerType: 'none',
    headerText: '',
    body: '',
    footer: '',
    examples: {},
    buttonsType: 'none',
    buttons: [],
  };
}

/**
 * Meta's template names are lower case letters, digits and underscores: what is typed is folded to that shape
 * (accents dropped, spaces and dashes become `_`, anything else removed) so the name never fails on format.
 */
export function toTemplateName(typed: string): string {
  return typed
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, WHATSAPP_TEMPLATE_LIMITS.name);
}

/** The body's variables in numeric order: the example inputs follow it ({{1}} first). */
export function bodyVariables(body: string): number[] {
  return whatsappVariablesOf(body).sort((a, b) => a - b);
}

/** The number the next inserted variable gets: one past the highest in the body. */
export function nextVariable(body: string): number {
  return Math.max(0, ...whatsappVariablesOf(body)) + 1;
}

/** Inserts `{{n}}` at the cursor (replacing the selection); says where the cursor goes: right after it. */
export function insertAt(
  text: string,
  start: number | null | undefined,
  end: number | null | undefined,
  token: string,
): { text: string; caret: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

/** The rows a buttons type starts with: one empty button of the kind it allows (none for 'none'). */
export function initialButtons(type: ButtonsType): ButtonDraft[] {
  if (type === 'callToAction') return [{ kind: 'url', text: '', value: '' }];
  if (type === 'quickReplies') return [{ kind: 'quickReply', text: '', value: '' }];
  return [];
}

/** How many buttons a buttons type allows (Meta: call to action 2, quick replies 3). */
export function buttonsLimit(type: ButtonsType): number {
  if (type === 'callToAction') return WHATSAPP_TEMPLATE_LIMITS.callToAction;
  if (type === 'quickReplies') return WHATSAPP_TEMPLATE_LIMITS.quickReplies;
  return 0;
}

/** The next call-to-action row: the kind not used yet (one URL and one phone is the usual pair). */
export function nextCallToAction(buttons: readonly ButtonDraft[]): ButtonDraft {
  const kind: ButtonKind = buttons.some((button) => button.kind === 'url') ? 'phone' : 'url';
  return { kind, text: '', value: '' };
}

function toButton(draft: ButtonDraft): WhatsappButton {
  if (draft.kind === 'url') return { kind: 'url', text: draft.text, url: draft.value.trim() };
  if (draft.kind === 'phone') return { kind: 'phone', text: draft.text, phone: draft.value.replace(/[\s()-]/g, '') };
  return { kind: 'quickReply', text: draft.text };
}

/** What the form submits before validation: channelId stays undefined until chosen (so it reads "required"). */
export type WhatsappTemplateDraft = Omit<TemplateInput, 'channelId'> & { channelId: number | undefined };

/** The request body: header text only with a text header, empty footer left out, one example per variable. */
export function formToBody(state: WhatsappTemplateFormState): WhatsappTemplateDraft {
  return {
    channelId: state.channelId === '' ? undefined : state.channelId,
    name: state.name,
    category: state.category,
    language: state.language,
    headerType: state.headerType,
    headerText: state.headerType === 'text' ? state.headerText : undefined,
    body: state.body,
    footer: state.footer.trim() ? state.footer : undefined,
    examples: bodyVariables(state.body).map((number) => state.examples[number] ?? ''),
    buttonsType: state.buttonsType,
    buttons: state.buttonsType === 'none' ? [] : state.buttons.map(toButton),
  };
}

/** The example values as a send would fill them: index n-1 holds {{n}}'s value. */
export function exampleValues(examples: Record<number, string>): string[] {
  const highest = Math.max(0, ...Object.keys(examples).map(Number));
  return Array.from({ length: highest }, (_, index) => examples[index + 1] ?? '');
}

/** The error of a button's URL or phone field (zod and the server name it by the button kind). */
export function buttonValueError(errors: Record<string, string>, index: number): string | undefined {
  return errors[`buttons.${index}.url`] ?? errors[`buttons.${index}.phone`];
}

/** What the WhatsApp bubble shows; `values` fill the body's variables (index n-1 for {{n}}). */
export interface BubbleContent {
  header: string | null;
  body: string;
  footer: string | null;
  buttons: { kind: ButtonKind; text: string }[];
  values: readonly string[];
}

export function formToBubble(state: WhatsappTemplateFormState): BubbleContent {
  return {
    header: state.headerType === 'text' && state.headerText.trim() ? state.headerText : null,
    body: state.body,
    footer: state.footer.trim() ? state.footer : null,
    buttons: state.buttonsType === 'none' ? [] : state.buttons.map(({ kind, text }) => ({ kind, text })),
    values: exampleValues(state.examples),
  };
}

export function templateToBubble(
  template: WhatsappTemplate,
  values: readonly string[] = template.examples,
): BubbleContent {
  return {
    header: template.headerType === 'text' ? template.headerText : null,
    body: template.body,
    footer: template.footer,
    buttons: template.buttons.map(({ kind, text }) => ({ kind, text })),
    values,
  };
}

/** A piece of the bubble's body: text, or a variable with its value (or `{{n}}` while it has none). */
export type BodyPart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; number: number; filled: boolean; text: string };

/** Splits a body into text and variables so the preview can mark where the values go. */
export function bodyParts(body: string, values: readonly string[]): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', text: body.slice(last, index) });
    const number = Number(match[1]);
    const value = values[number - 1]?.trim() ? values[number - 1] : '';
    parts.push({ kind: 'variable', number, filled: Boolean(value), text: value || `{{${number}}}` });
    last = index + match[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The chip colour of each review status. */
export const STATUS_COLORS: Record<WhatsappTemplateStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** Values for a send: one per variable (1…n), the empty ones counted so the button can wait for them. */
export function sendValues(values: Record<number, string>, count: number): { values: string[]; missing: number[] } {
  const list = Array.from({ length: count }, (_, index) => values[index + 1] ?? '');
  return {
    values: list.map((value) => value.trim()),
    missing: list.flatMap((value, index) => (value.trim() ? [] : [index + 1])),
  };
}
