import { z } from 'zod';
import { idSchema, instantSchema, personRefSchema } from './admin/common.js';
import type { BusinessConfiguration } from './business.js';
import { named } from './registry.js';
import type { CampaignConfig } from './structure/campaigns.js';

/*
 * The audit log's stored format. Every administrative and case change writes one row: who, when, the action and
 * its `changes`, a record keyed by field path (`name`, `config.tasksPerAgent`, `agents`). A change is one of:
 *
 * - a field that changed: `{from, to}`, each a plain value (text, number, yes/no, date as ISO text) or another
 *   record named as it was called then (`{id, name}`: a user, a channel, a role...). Only fields that really
 *   changed are written; a new record lists what it was created with (`from: null`).
 * - a list that changed: `{added, removed, changed}` — members identified by an id (a user's id for agents, a
 *   script's title), each with its name and an optional `detail` ("Chat web" for an agent's channels); `changed`
 *   says which field of a member that stayed changed (`{item, field, change}`).
 * - a fact of an action (what a discarded message was): `{value}`.
 *
 * What each entity records, and what kind of value each field holds, is `AUDIT_FIELDS`: the server writes only
 * described fields and the web names each with its label. Rows written before this format (raw `{from, to}` of
 * whole objects and bare ids) are converted when read, so the API answers only this shape.
 */

/** A plain value as the log keeps it. */
export const auditScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** Another record, with the name it had when the change was made. */
export const auditRefSchema = z.object({ id: z.union([idSchema, z.string()]), name: z.string() });
export type AuditRef = z.infer<typeof auditRefSchema>;
export const auditValueSchema = z.union([auditScalarSchema, auditRefSchema]);
export type AuditValue = z.infer<typeof auditValueSchema>;
/** A member of a list: a record, or an entry identified by its key (a script's title); `detail` says more of it. */
export const auditItemSchema = auditRefSchema.extend({ detail: z.string().optional() });
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditFieldChangeSchema = z.object({ from: auditValueSchema, to: auditValueSchema });
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;
export const auditSetChangeSchema = z.object({ added: z.array(auditItemSchema), removed: z.array(auditItemSchema) });
export type AuditSetChange = z.infer<typeof auditSetChangeSchema>;
/** A field of a list member that stayed in the list (an agent's channels, a tab's URL). */
export const auditItemChangeSchema = z.object({
  item: auditRefSchema,
  field: z.string(),
  change: z.union([auditFieldChangeSchema, auditSetChangeSchema]),
});
export type AuditItemChange = z.infer<typeof auditItemChangeSchema>;
export const auditListChangeSchema = auditSetChangeSchema.extend({ changed: z.array(auditItemChangeSchema) });
export type AuditListChange = z.infer<typeof auditListChangeSchema>;
export const auditFactSchema = z.object({ value: auditValueSchema });
export type AuditFact = z.infer<typeof auditFactSchema>;

export const auditChangeSchema = z.union([auditListChangeSchema, auditFieldChangeSchema, auditFactSchema]);
export type AuditChange = z.infer<typeof auditChangeSchema>;
export const auditChangesSchema = z.record(z.string(), auditChangeSchema);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const isListChange = (change: AuditChange): change is AuditListChange => 'added' in change;
export const isFact = (change: AuditChange): change is AuditFact => 'value' in change;
export const isRef = (value: AuditValue): value is AuditRef => typeof value === 'object' && value !== null;

/**
 * How a field's value is shown: `text` quoted, `longText` quoted and shortened (the whole text on demand), `html`
 * rich text read as text, `enum` by its label, `ref` by the record's name, `list` as members added and removed,
 * `file` only as uploaded, replaced or removed. Numbers and yes/no read as themselves.
 */
export const AUDIT_FIELD_KINDS = [
  'text',
  'longText',
  'html',
  'number',
  'boolean',
  'date',
  'instant',
  'enum',
  'ref',
  'list',
  'color',
  'file',
] as const;
export type AuditFieldKind = (typeof AUDIT_FIELD_KINDS)[number];

type Fields = Record<string, AuditFieldKind>;

const campaignConfigFields = {
  'config.serviceLevelSeconds': 'number',
  'config.serviceLevelTarget': 'number',
  'config.averageHandlingSeconds': 'number',
  'config.tasksPerAgent': 'number',
  'config.distribution': 'enum',
  'config.autoAssign': 'boolean',
  'config.preferCustomerOwner': 'boolean',
  'config.ticketCombination': 'enum',
  'config.transcriptionSending': 'boolean',
  'config.agentTransfer': 'boolean',
  'config.campaignTransfer': 'boolean',
  'config.autocomplete': 'boolean',
  'config.allowAllTickets': 'boolean',
  'config.otherContactInfo': 'boolean',
  'config.closeWithoutTask': 'boolean',
  'config.closeWithoutCustomerInfo': 'boolean',
  'config.softphoneAutoAnswer': 'boolean',
  'config.softphoneAutoAnswerTimeMs': 'number',
  'config.requiredSkillIds': 'list',
  'config.closeMessage': 'longText',
  'config.surveyId': 'number',
  'config.surveyMessage': 'longText',
} as const satisfies Record<`config.${keyof CampaignConfig}`, AuditFieldKind>;

const businessConfigFields = {
  'configuracion.sound_notifications': 'boolean',
  'configuracion.internal_chat': 'boolean',
  'configuracion.navbar_logo_display': 'boolean',
  'configuracion.navbar_logo_size': 'number',
  'configuracion.webrtc_enabled': 'boolean',
  'configuracion.janus_enabled': 'boolean',
  'configuracion.mfa': 'boolean',
  'configuracion.inactivity_timeout': 'number',
  'configuracion.advanced_search': 'boolean',
  'configuracion.time_zone': 'text',
  'configuracion.opt_out_words': 'list',
} as const satisfies Record<`configuracion.${keyof BusinessConfiguration}`, AuditFieldKind>;

/**
 * What each kind of record writes to the log, in the order its form shows it. `a.b` is a nested setting or a field
 * of a list's members (`agents.channels`); `a.*` every key under `a` (a channel's provider settings, which depend
 * on its type). Catalogue entries are `catalogue:<model>` in the log and share one description.
 */
export const AUDIT_FIELDS = {
  user: {
    name: 'text',
    username: 'text',
    email: 'text',
    roles: 'list',
    skills: 'list',
    extension: 'text',
    position: 'text',
    department: 'text',
    birthday: 'date',
    phone: 'text',
    mobilephone: 'text',
    address: 'text',
    facebook: 'text',
    twitter: 'text',
    instagram: 'text',
    mfa: 'boolean',
    enabled: 'boolean',
    avatar: 'file',
    /** A supervisor's part in the user's live call (listen, whisper, barge: docs/voice.md): the mode and the call. */
    monitorMode: 'enum',
    monitoredCall: 'number',
  },
  role: { name: 'text', label: 'text', permissions: 'list' },
  'api-credential': { name: 'text', role: 'ref' },
  business: {
    nombre: 'text',
    identificationType: 'text',
    identificationNumber: 'text',
    address: 'text',
    city: 'text',
    phone: 'text',
    contactName: 'text',
    contactPhone: 'text',
    contactEmail: 'text',
    theme: 'enum',
    logo: 'file',
    ...businessConfigFields,
    integraciones: 'list',
    'integraciones.icono': 'text',
    'integraciones.ruta': 'text',
    'integraciones.url': 'text',
    'integraciones.roles': 'list',
    'dialogflow.projectId': 'text',
    'dialogflow.apiBaseUrl': 'text',
  },
  catalogue: {
    name: 'text',
    abbr: 'text',
    description: 'longText',
    parent: 'ref',
    color: 'color',
    kanban: 'boolean',
    sortOrder: 'number',
    enabled: 'boolean',
  },
  channel: {
    name: 'text',
    type: 'enum',
    direction: 'enum',
    enabled: 'boolean',
    'config.*': 'text',
    secrets: 'list',
    'businessHours.enabled': 'boolean',
    'businessHours.timezone': 'text',
    'businessHours.days': 'list',
    unavailableMessage: 'longText',
    // A failed inbound e-mail retried or discarded.
    sender: 'text',
    subject: 'text',
    reason: 'enum',
    result: 'enum',
  },
  campaign: {
    name: 'text',
    description: 'longText',
    type: 'enum',
    form: 'ref',
    startDate: 'date',
    endDate: 'date',
    responsible: 'ref',
    enabled: 'boolean',
    channels: 'list',
    agents: 'list',
    'agents.channels': 'list',
    supervisors: 'list',
    scripts: 'list',
    'scripts.body': 'html',
    ...campaignConfigFields,
    customTabs: 'list',
    'customTabs.url': 'text',
    'customTabs.icon': 'text',
    'customTabs.height': 'number',
    'customTabs.enabled': 'boolean',
  },
  customer: {
    identificationType: 'ref',
    identificationNumber: 'text',
    firstName: 'text',
    middleName: 'text',
    lastName: 'text',
    secondLastName: 'text',
    birthday: 'date',
    gender: 'enum',
    labels: 'list',
    owner: 'ref',
    related: 'list',
    contacts: 'list',
    'contacts.label': 'text',
    'contacts.areaCode': 'text',
    'contacts.extension': 'text',
    'contacts.zone': 'text',
    'contacts.city': 'ref',
  },
  'dynamic-form': {
    name: 'text',
    description: 'longText',
    requireNotes: 'boolean',
    requireNextTask: 'boolean',
    enabled: 'boolean',
    fields: 'list',
    'fields.type': 'enum',
    'fields.description': 'text',
    'fields.order': 'number',
    'fields.required': 'boolean',
    'fields.alphabeticalOrder': 'boolean',
    'fields.defaultValue': 'text',
    'fields.options': 'list',
    'fields.reusableList': 'ref',
  },
  'reusable-list': {
    name: 'text',
    description: 'longText',
    type: 'enum',
    alphabeticalOrder: 'boolean',
    enabled: 'boolean',
    options: 'list',
  },
  message_template: {
    name: 'text',
    channelType: 'enum',
    allCampaigns: 'boolean',
    campaigns: 'list',
    body: 'longText',
    enabled: 'boolean',
  },
  'omni-widget': {
    name: 'text',
    enabled: 'boolean',
    allowedOrigins: 'list',
    channels: 'list',
    style: 'enum',
    title: 'text',
    subtitle: 'text',
    position: 'enum',
    primaryColor: 'color',
    iconType: 'enum',
    helpCenter: 'boolean',
    businessImage: 'file',
    iconImage: 'file',
  },
  bot: {
    name: 'text',
    description: 'longText',
    enabled: 'boolean',
    version: 'number',
    note: 'text',
    channels: 'list',
    secrets: 'list',
    'silence.minutes': 'number',
    'silence.action': 'enum',
    'silence.text': 'text',
  },
  'bulk-message': {
    name: 'text',
    campaign: 'ref',
    channel: 'ref',
    whatsappTemplate: 'ref',
    subject: 'text',
    frequency: 'enum',
    activeTickets: 'boolean',
    enabled: 'boolean',
    /** The run an action began or acted on. */
    run: 'number',
  },
  'whatsapp-template': { name: 'text', type: 'enum', language: 'enum', category: 'enum', providerTemplateId: 'text' },
  ticket: {
    status: 'enum',
    type: 'ref',
    priority: 'enum',
    description: 'longText',
    toUser: 'ref',
    toCampaign: 'ref',
    note: 'longText',
    attachment: 'ref',
    target: 'text',
    source: 'text',
    tasks: 'number',
    notes: 'number',
    attachments: 'number',
    interactions: 'number',
    /** The business rule that made an automated change. */
    rule: 'text',
  },
} as const satisfies Record<string, Fields>;

export type AuditEntityKind = keyof typeof AUDIT_FIELDS;
export const AUDIT_ENTITY_KINDS = Object.keys(AUDIT_FIELDS) as AuditEntityKind[];
export type AuditFieldPath<E extends AuditEntityKind> = keyof (typeof AUDIT_FIELDS)[E] & string;

/** The description an entity of the log follows (`catalogue:pais` → `catalogue`); null for one never written. */
export function auditEntityKind(entity: string): AuditEntityKind | null {
  const kind = entity.startsWith('catalogue:') ? 'catalogue' : entity;
  return (AUDIT_ENTITY_KINDS as string[]).includes(kind) ? (kind as AuditEntityKind) : null;
}

/**
 * The described path a change's key falls under: itself, or `a.*` for a key under a wildcard. Null when the
 * entity does not describe it (a row from an older version).
 */
export function auditFieldPath(kind: AuditEntityKind, path: string): string | null {
  const fields: Fields = AUDIT_FIELDS[kind];
  if (path in fields) return path;
  const dot = path.lastIndexOf('.');
  if (dot > 0 && `${path.slice(0, dot)}.*` in fields) return `${path.slice(0, dot)}.*`;
  return null;
}

/** The kind of value a described path holds; null when it is not described. */
export function auditFieldKind(kind: AuditEntityKind, path: string): AuditFieldKind | null {
  const described = auditFieldPath(kind, path);
  return described ? (AUDIT_FIELDS[kind] as Fields)[described] : null;
}

export const auditEntrySchema = named(
  'AuditEntry',
  z.object({
    id: idSchema,
    /** The kind of record (`campaign`, `user`, `catalogue:pais`...): what the field keys of `changes` describe. */
    entity: z.string(),
    action: z.string(),
    changes: auditChangesSchema.nullable(),
    actor: personRefSchema.nullable(),
    createdAt: instantSchema,
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;
