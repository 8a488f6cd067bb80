import {
  type ChannelTypeKey,
  fillTemplate,
  type MessageTemplate,
  TEMPLATE_VARIABLES,
  type TemplateBody,
  type TemplateVariable,
} from '@atiende/contracts';

/** The form of /app/templates/add and /app/templates/:id/edit ('' channel type = any channel). */
export interface TemplateFormState {
  name: string;
  channelType: ChannelTypeKey | '';
  enabled: boolean;
  allCampaigns: boolean;
  campaignIds: number[];
  body: string;
}

export function emptyTemplateForm(): TemplateFormState {
  return { name: '', channelType: '', enabled: true, allCampaigns: true, campaignIds: [], body: '' };
}

export function templateToForm(template: MessageTemplate): TemplateFormState {
  return {
    name: template.name,
    channelType: template.channelType ?? '',
    enabled: template.enabled,
    allCampaigns: template.allCampaigns,
    campaignIds: template.campaigns.map((campaign) => campaign.id),
    body: template.body,
  };
}

/** The request body; the chosen campaigns are sent only when the template is not for every campaign. */
export function templateFormToBody(state: TemplateFormState): TemplateBody {
  return {
    name: state.name,
    channelType: state.channelType || null,
    enabled: state.enabled,
    allCampaigns: state.allCampaigns,
    campaignIds: state.allCampaigns ? [] : state.campaignIds,
    body: state.body,
  };
}

/** How a variable is written in a template. */
export const variableToken = (name: string) => `{{${name}}}`;

/**
 * Inserts a variable at the cursor (replacing the selection) and says where the cursor goes next: right after
 * the inserted variable. Positions outside the text are clamped.
 */
export function insertVariable(
  text: string,
  start: number | null | undefined,
  end: number | null | undefined,
  name: string,
): { text: string; caret: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  const token = variableToken(name);
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

const isKnown = (name: string): name is TemplateVariable => (TEMPLATE_VARIABLES as readonly string[]).includes(name);

/** One piece of a template as the preview shows it: plain text, or a variable (known or not) with its value. */
export type PreviewPart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: string; known: boolean; text: string };

/** Splits a template into text and variables, each variable with its value (or as written when unknown). */
export function previewParts(body: string, values: Partial<Record<TemplateVariable, string>>): PreviewPart[] {
  const parts: PreviewPart[] = [];
  let last = 0;
  for (const match of body.matchAll(/\{\{\s*([a-z_.]+)\s*\}\}/gi)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', text: body.slice(last, index) });
    const name = match[1].toLowerCase();
    const known = isKnown(name);
    parts.push({ kind: 'variable', name, known, text: known ? fillTemplate(match[0], values) : match[0] });
    last = index + match[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The variables a text uses that do not exist (the server refuses them). */
export function unknownVariables(body: string): string[] {
  const names: string[] = [];
  for (const match of body.matchAll(/\{\{\s*([a-z_.]+)\s*\}\}/gi)) {
    const name = match[1].toLowerCase();
    if (!isKnown(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Example values the live preview fills the variables with. */
export const SAMPLE_VALUES: Record<'es' | 'en', Record<TemplateVariable, string>> = {
  es: {
    'cliente.nombre': 'María',
    'cliente.apellido': 'González',
    'cliente.nombre_completo': 'María González',
    'cliente.documento': '1020304050',
    'cliente.correo': 'maria.gonzalez@ejemplo.com',
    'cliente.telefono': '+57 300 123 4567',
    'agente.nombre': 'Andrea Agente',
    'caso.numero': '1234',
    'campana.nombre': 'Servicio al cliente',
    'empresa.nombre': 'Atiende',
  },
  en: {
    'cliente.nombre': 'Mary',
    'cliente.apellido': 'Smith',
    'cliente.nombre_completo': 'Mary Smith',
    'cliente.documento': '1020304050',
    'cliente.correo': 'mary.smith@example.com',
    'cliente.telefono': '+1 555 123 4567',
    'agente.nombre': 'Andrea Agent',
    'caso.numero': '1234',
    'campana.nombre': 'Customer service',
    'empresa.nombre': 'Atiende',
  },
};

export function sampleValues(language: string): Record<TemplateVariable, string> {
  return language.startsWith('en') ? SAMPLE_VALUES.en : SAMPLE_VALUES.es;
}

/** Lower case without accents, for matching typed text. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The offered templates whose name or filled text contains every typed word (accents and case ignored). */
export function filterOffered<T extends { name: string; filled: string }>(templates: readonly T[], text: string): T[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...templates];
  return templates.filter((template) => {
    const haystack = fold(`${template.name} ${template.filled}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** The i18n key of a variable's label (`templates.variables.cliente.nombre`). */
export const variableLabelKey = (name: TemplateVariable) => `templates.variables.${name}`;
