import {
  quickRepliesDelivery,
  type WHATSAPP_BUTTONS_TYPES,
  type WHATSAPP_HEADER_TYPES,
  type WHATSAPP_INTERACTIVE_TYPES,
  WHATSAPP_MEDIA_HEADERS,
  WHATSAPP_TEMPLATE_LIMITS,
  type WhatsappButton,
  type WhatsappMediaType,
  type WhatsappTemplate,
  type WhatsappTemplateMediaUse,
  type WhatsappTemplateStatus,
  type WhatsappTemplateType,
  type WhatsappTemplateUpload,
  whatsappMediaRulesOf,
  whatsappMediaUseOf,
  type whatsappTemplateBodySchema,
  whatsappVariablesOf,
} from '@atiende/contracts';
import type { z } from 'zod';

type TemplateInput = z.input<typeof whatsappTemplateBodySchema>;
export type ButtonsType = (typeof WHATSAPP_BUTTONS_TYPES)[number];
export type HeaderType = (typeof WHATSAPP_HEADER_TYPES)[number];
export type ButtonKind = WhatsappButton['kind'];
export type InteractiveType = (typeof WHATSAPP_INTERACTIVE_TYPES)[number];

/** An uploaded file of the form: the server's answer, and a local object URL of the picked file for the preview. */
export interface MediaDraft extends WhatsappTemplateUpload {
  /** Where the form shows the picked file (an object URL the form revokes); null when not previewable. */
  localUrl: string | null;
}

/** One section of an interactive list in the form. */
export interface SectionDraft {
  title: string;
  options: { title: string; description: string }[];
}

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
  /** `template` (Meta reviews it) or one of the chat types (text, media, interactive). */
  type: WhatsappTemplateType;
  /** Meta's category: sent with `template` only. */
  category: NonNullable<WhatsappTemplate['category']>;
  language: WhatsappTemplate['language'];
  headerType: HeaderType;
  headerText: string;
  body: string;
  footer: string;
  /** Example values by variable number ({{1}} → examples[1]); kept while a variable is briefly removed. */
  examples: Record<number, string>;
  buttonsType: ButtonsType;
  buttons: ButtonDraft[];
  /** The header's (template) or the media template's uploaded file. */
  media: MediaDraft | null;
  mediaType: WhatsappMediaType;
  /** A text template's quick replies (up to 15). */
  quickReplies: string[];
  interactiveType: InteractiveType;
  /** An interactive template's reply buttons (up to 3). */
  replyButtons: string[];
  listButton: string;
  sections: SectionDraft[];
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
    type: 'template',
    media: null,
    mediaType: 'image',
    quickReplies: [],
    interactiveType: 'buttons',
    replyButtons: [''],
    listButton: '',
    sections: [emptySection()],
  };
}

export function emptySection(): SectionDraft {
  return { title: '', options: [{ title: '', description: '' }] };
}

/** The header types each type offers: all for a message template, none or text for an interactive one. */
export function headerTypesOf(type: WhatsappTemplateType): readonly HeaderType[] {
  if (type === 'template') return ['none', 'text', ...WHATSAPP_MEDIA_HEADERS];
  if (type === 'interactive') return ['none', 'text'];
  return ['none'];
}

/** What the form's file is for now (null: the form takes no file in this state). */
export function formMediaUse(state: WhatsappTemplateFormState): WhatsappTemplateMediaUse | null {
  return whatsappMediaUseOf({ type: state.type, headerType: state.headerType, mediaType: state.mediaType });
}

/**
 * Applies a change to the form and keeps it coherent: a header the type does not offer goes back to none, and the
 * uploaded file goes when what it was uploaded for changes (a PDF picked for a document header is not an image).
 */
export function updateForm(
  current: WhatsappTemplateFormState,
  change: Partial<WhatsappTemplateFormState>,
): WhatsappTemplateFormState {
  const next = { ...current, ...change };
  if (!headerTypesOf(next.type).includes(next.headerType)) next.headerType = 'none';
  if (next.media && formMediaUse(next) !== formMediaUse(current)) next.media = null;
  return next;
}

/** Checks a picked file against its use's rules: the translation key and values of the problem, or null. */
export function mediaFileProblem(
  file: { type: string; size: number },
  use: WhatsappTemplateMediaUse,
): { key: string; values: Record<string, string | number> } | null {
  const rules = whatsappMediaRulesOf(use);
  // An empty type (the browser did not recognise it) is left to the server, which reads the content.
  if (file.type && !rules.contentTypes.includes(file.type)) {
    return { key: 'whatsappTemplates.media.wrongType', values: { types: acceptedExtensions(use) } };
  }
  if (file.size > rules.maxBytes) {
    return { key: 'whatsappTemplates.media.tooLarge', values: { max: Math.round(rules.maxBytes / 1024 / 1024) } };
  }
  return null;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'video/mp4': 'MP4',
  'video/3gpp': '3GP',
  'audio/ogg': 'OGG',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'audio/aac': 'AAC',
  'audio/amr': 'AMR',
  'application/pdf': 'PDF',
  'text/plain': 'TXT',
  'application/msword': 'DOC',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
};

/** The file types a use takes, as people know them (JPG, PNG). */
export function acceptedExtensions(use: WhatsappTemplateMediaUse): string {
  return whatsappMediaRulesOf(use)
    .contentTypes.map((type) => EXTENSIONS[type] ?? type)
    .join(', ');
}

/** The bubble's kind of media for a use (the preview shows images and videos, plays audio, names documents). */
export function mediaKindOfUse(use: WhatsappTemplateMediaUse): BubbleMediaKind {
  if (use === 'header-image' || use === 'image') return 'image';
  if (use === 'header-video' || use === 'video') return 'video';
  if (use === 'audio') return 'audio';
  return 'document';
}

/** The bubble's kind of media from a content type (what saved templates and bulk options carry). */
export function mediaKindOfContentType(contentType: string): BubbleMediaKind {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  return 'document';
}

/** How many options an interactive list has in all (WhatsApp takes 10). */
export function listOptionsCount(sections: readonly SectionDraft[]): number {
  return sections.reduce((total, section) => total + section.options.length, 0);
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
  const base = {
    channelId: state.channelId === '' ? undefined : state.channelId,
    name: state.name,
    type: state.type,
    language: state.language,
  };
  const media = state.media ? { key: state.media.key, filename: state.media.filename } : undefined;
  const examples = (body: string) => bodyVariables(body).map((number) => state.examples[number] ?? '');
  if (state.type === 'text') {
    return {
      ...base,
      headerType: 'none',
      body: state.body,
      examples: examples(state.body),
      buttonsType: 'none',
      buttons: [],
      quickReplies: state.quickReplies,
    };
  }
  if (state.type === 'media') {
    const body = state.mediaType === 'audio' ? '' : state.body;
    return {
      ...base,
      headerType: 'none',
      mediaType: state.mediaType,
      media,
      body,
      examples: examples(body),
      buttonsType: 'none',
      buttons: [],
    };
  }
  if (state.type === 'interactive') {
    const list = state.interactiveType === 'list';
    return {
      ...base,
      headerType: state.headerType,
      headerText: state.headerType === 'text' ? state.headerText : undefined,
      body: state.body,
      footer: state.footer.trim() ? state.footer : undefined,
      examples: examples(state.body),
      buttonsType: 'none',
      buttons: [],
      interactiveType: state.interactiveType,
      replyButtons: list ? [] : state.replyButtons,
      listButton: list ? state.listButton : undefined,
      sections: list ? state.sections : [],
    };
  }
  return {
    ...base,
    category: state.category,
    headerType: state.headerType,
    headerText: state.headerType === 'text' ? state.headerText : undefined,
    ...(formMediaUse(state) ? { media } : {}),
    body: state.body,
    footer: state.footer.trim() ? state.footer : undefined,
    examples: examples(state.body),
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

export type BubbleMediaKind = 'image' | 'video' | 'audio' | 'document';

/**
 * The bubble's file: `src` is a URL the browser can show as is (an object URL), `apiPath` a file of the API that
 * needs the session (the bubble fetches it); with neither, only the kind and the name show.
 */
export interface BubbleMedia {
  kind: BubbleMediaKind;
  filename: string | null;
  src?: string | null;
  apiPath?: string | null;
}

/** An interactive list: the button that opens it (empty: a generic label) and its sections. */
export interface BubbleList {
  button: string;
  sections: readonly { title: string; options: readonly { title: string; description: string }[] }[];
}

/** What the WhatsApp bubble shows; `values` fill the body's variables (index n-1 for {{n}}). */
export interface BubbleContent {
  header: string | null;
  /** The media header or the media message's file. */
  media?: BubbleMedia | null;
  body: string;
  footer: string | null;
  /** Buttons under the bubble (a kind without an icon when unknown). */
  buttons: { kind?: ButtonKind; text: string }[];
  /** An interactive list (or quick replies WhatsApp gets as one). */
  list?: BubbleList | null;
  /** Options WhatsApp gets as numbered text under the message (more than 10 quick replies). */
  numbered?: readonly string[];
  values: readonly string[];
  /** A media message without text: the bubble shows no "write the message" hint. */
  bodyOptional?: boolean;
}

/** The saved template's or the form's content, in the shape the bubble needs. */
interface ContentParts {
  type: WhatsappTemplateType;
  headerType: HeaderType;
  headerText: string | null;
  body: string;
  footer: string | null;
  buttons: { kind?: ButtonKind; text: string }[];
  quickReplies: readonly string[];
  interactiveType: InteractiveType | null;
  replyButtons: readonly string[];
  listButton: string | null;
  sections: BubbleList['sections'];
}

function toBubble(parts: ContentParts, media: BubbleMedia | null, values: readonly string[]): BubbleContent {
  const header = parts.headerType === 'text' && parts.headerText?.trim() ? parts.headerText : null;
  const footer = parts.footer?.trim() ? parts.footer : null;
  const base = { header, media, body: parts.body, footer, buttons: [], values } satisfies BubbleContent;
  if (parts.type === 'text') {
    const replies = parts.quickReplies.filter((reply) => reply.trim());
    const delivery = quickRepliesDelivery(replies.length);
    if (delivery === 'buttons') {
      return { ...base, header: null, footer: null, buttons: replies.map((text) => ({ kind: 'quickReply', text })) };
    }
    if (delivery === 'list') {
      return {
        ...base,
        header: null,
        footer: null,
        list: { button: '', sections: [{ title: '', options: replies.map((title) => ({ title, description: '' })) }] },
      };
    }
    return { ...base, header: null, footer: null, numbered: replies };
  }
  if (parts.type === 'media') return { ...base, header: null, footer: null, bodyOptional: true };
  if (parts.type === 'interactive') {
    if (parts.interactiveType === 'list') {
      return { ...base, list: { button: parts.listButton ?? '', sections: parts.sections } };
    }
    return { ...base, buttons: parts.replyButtons.map((text) => ({ kind: 'quickReply', text })) };
  }
  return { ...base, buttons: parts.buttons };
}

/** The form's bubble, with the examples in place of the variables. */
export function formToBubble(state: WhatsappTemplateFormState): BubbleContent {
  const use = formMediaUse(state);
  const media =
    use && (state.type === 'media' || state.type === 'template')
      ? { kind: mediaKindOfUse(use), filename: state.media?.filename ?? null, src: state.media?.localUrl ?? null }
      : null;
  return toBubble(
    {
      type: state.type,
      headerType: state.headerType,
      headerText: state.headerText,
      body: state.type === 'media' && state.mediaType === 'audio' ? '' : state.body,
      footer: state.footer,
      buttons: state.buttonsType === 'none' ? [] : state.buttons.map(({ kind, text }) => ({ kind, text })),
      quickReplies: state.quickReplies,
      interactiveType: state.interactiveType,
      replyButtons: state.replyButtons,
      listButton: state.listButton,
      sections: state.sections,
    },
    media,
    exampleValues(state.examples),
  );
}

/** A saved template's file for the bubble (fetched through the API with the session). */
export function templateMedia(template: Pick<WhatsappTemplate, 'media' | 'headerType' | 'type' | 'mediaType'>) {
  if (!template.media) return null;
  const use = whatsappMediaUseOf(template);
  return {
    kind: use ? mediaKindOfUse(use) : mediaKindOfContentType(template.media.contentType),
    filename: template.media.filename,
    apiPath: template.media.url,
  } satisfies BubbleMedia;
}

export function templateToBubble(
  template: WhatsappTemplate,
  values: readonly string[] = template.examples,
): BubbleContent {
  return toBubble(
    {
      ...template,
      buttons: template.buttons.map(({ kind, text }) => ({ kind, text })),
    },
    templateMedia(template),
    values,
  );
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
