import {
  type AuditEntityKind,
  type AuditFieldPath,
  type AuditRef,
  BUILT_IN_ROLE_LABELS,
  BUILT_IN_ROLES,
} from '@atiende/contracts';
import type { TFunction } from 'i18next';
import { weekdayName } from '../channels/model';
import { priorityKey, statusKey } from '../tickets/model';

/**
 * How the history names one field: its label (an i18n key, the form's own wherever the form has one; for a
 * wildcard `a.*` a function of the key under it), an enumeration's value label, and a record's or list member's
 * name when it is translated (a permission, a built-in role, a provider setting).
 */
export interface FieldLabel {
  label: string | ((key: string) => string);
  /** The i18n key of an enumeration value. */
  value?: (value: string | number) => string;
  /** The i18n key read when the value is empty (a template for any channel). */
  empty?: string;
  /** A plain value written its own way (a ticket number as #1001) instead of quoted. */
  text?: (value: string | number) => string;
  /** A member's or record's name in the reader's language. */
  name?: (item: AuditRef, t: TFunction, language: string) => string;
}

type EntityLabels<E extends AuditEntityKind> = Record<AuditFieldPath<E>, FieldLabel | string>;

/** A built-in role still named as created reads in the UI language ("Administrator"); other roles as written. */
const roleName = (role: AuditRef, t: TFunction) => {
  const builtIn = BUILT_IN_ROLES.find((name) => BUILT_IN_ROLE_LABELS[name] === role.name);
  return builtIn ? t(`roles.${builtIn}`) : role.name;
};

const enabled = 'audit.fields.enabled';

/** Every field each entity records (contracts' AUDIT_FIELDS): the compiler refuses a missing one. */
export const AUDIT_LABELS: { [E in AuditEntityKind]: EntityLabels<E> } = {
  user: {
    name: 'users.fields.name',
    username: 'users.fields.username',
    email: 'users.fields.email',
    roles: { label: 'users.fields.roles', name: roleName },
    skills: 'users.fields.skills',
    extension: 'users.fields.extension',
    position: 'users.fields.position',
    department: 'users.fields.department',
    birthday: 'users.fields.birthday',
    phone: 'users.fields.phone',
    mobilephone: 'users.fields.mobilephone',
    address: 'users.fields.address',
    facebook: 'users.fields.facebook',
    twitter: 'users.fields.twitter',
    instagram: 'users.fields.instagram',
    mfa: 'users.fields.mfa',
    enabled,
    avatar: 'audit.fields.avatar',
    monitorMode: { label: 'audit.fields.monitorMode', value: (value) => `audit.monitorModes.${value}` },
    monitoredCall: { label: 'audit.fields.monitoredCall', text: (value) => `#${value}` },
  },
  role: {
    name: 'roles.name',
    label: 'roles.label',
    permissions: {
      label: 'audit.fields.permissions',
      name: (permission, t) => t(`permissions.labels.${permission.id}.name`, { defaultValue: permission.name }),
    },
  },
  'api-credential': {
    name: 'credentials.fields.name',
    role: { label: 'credentials.fields.role', name: roleName },
  },
  business: {
    nombre: 'business.fields.nombre',
    identificationType: 'business.fields.identificationType',
    identificationNumber: 'business.fields.identificationNumber',
    address: 'business.fields.address',
    city: 'business.fields.city',
    phone: 'business.fields.phone',
    contactName: 'business.fields.contactName',
    contactPhone: 'business.fields.contactPhone',
    contactEmail: 'business.fields.contactEmail',
    theme: { label: 'business.fields.theme', value: (color) => `appearance.colors.${color}` },
    logo: 'audit.fields.logo',
    'configuracion.sound_notifications': 'business.config.sound_notifications',
    'configuracion.internal_chat': 'business.config.internal_chat',
    'configuracion.navbar_logo_display': 'business.config.navbar_logo_display',
    'configuracion.navbar_logo_size': 'business.config.navbar_logo_size',
    'configuracion.webrtc_enabled': 'business.config.webrtc_enabled',
    'configuracion.janus_enabled': 'business.config.janus_enabled',
    'configuracion.mfa': 'business.config.mfa',
    'configuracion.inactivity_timeout': 'business.config.inactivity_timeout',
    'configuracion.advanced_search': 'business.config.advanced_search',
    'configuracion.time_zone': 'business.config.time_zone',
    'configuracion.opt_out_words': 'business.config.opt_out_words',
    'dialogflow.projectId': 'business.dialogflow.projectId',
    'dialogflow.apiBaseUrl': 'business.dialogflow.apiBaseUrl',
    integraciones: 'business.sections.integrations',
    'integraciones.icono': 'business.integrations.icono',
    'integraciones.ruta': 'business.integrations.ruta',
    'integraciones.url': 'business.integrations.url',
    'integraciones.roles': 'business.integrations.roles',
  },
  catalogue: {
    name: 'catalogues.fields.name',
    abbr: 'catalogues.fields.abbr',
    description: 'catalogues.fields.description',
    parent: 'catalogues.parent.pais',
    color: 'catalogues.fields.color',
    kanban: 'catalogues.fields.kanban',
    sortOrder: 'catalogues.fields.sortOrder',
    enabled,
  },
  channel: {
    name: 'channels.fields.name',
    type: { label: 'channels.fields.type', value: (type) => `channelTypes.${type}` },
    direction: { label: 'channels.fields.direction', value: (direction) => `channels.directions.${direction}` },
    enabled,
    'config.*': { label: (key) => `channels.config.${key}` },
    secrets: {
      label: 'audit.fields.secrets',
      name: (secret, t) => t(`channels.config.${secret.id}`, { defaultValue: secret.name }),
    },
    'businessHours.enabled': 'channels.hours.enabled',
    'businessHours.timezone': 'channels.hours.timezone',
    'businessHours.days': { label: 'audit.fields.hours', name: (slot, _t, language) => slotName(slot, language) },
    unavailableMessage: 'channels.fields.unavailableMessage',
    sender: 'audit.fields.sender',
    subject: 'audit.fields.subject',
    reason: { label: 'audit.fields.reason', value: (reason) => `channels.failed.reasons.${reason}` },
    result: { label: 'audit.fields.result', value: (result) => `audit.results.${result}` },
  },
  campaign: {
    name: 'campaigns.fields.name',
    description: 'campaigns.fields.description',
    type: { label: 'campaigns.fields.type', value: (type) => `campaignTypes.${type}` },
    form: 'campaigns.fields.formId',
    startDate: 'campaigns.fields.startDate',
    endDate: 'campaigns.fields.endDate',
    responsible: 'campaigns.fields.responsibleUserId',
    enabled,
    channels: 'campaigns.tabs.channels',
    agents: 'campaigns.tabs.agents',
    'agents.channels': 'campaigns.agentChannels',
    supervisors: 'campaigns.tabs.supervisors',
    scripts: 'campaigns.tabs.scripts',
    'scripts.body': 'campaigns.scriptBody',
    'config.serviceLevelSeconds': 'campaigns.config.serviceLevelSeconds',
    'config.serviceLevelTarget': 'campaigns.config.serviceLevelTarget',
    'config.averageHandlingSeconds': 'campaigns.config.averageHandlingSeconds',
    'config.tasksPerAgent': 'campaigns.config.tasksPerAgent',
    'config.distribution': {
      label: 'campaigns.config.distribution',
      value: (distribution) => `campaigns.distributions.${distribution}`,
    },
    'config.autoAssign': 'campaigns.config.autoAssign',
    'config.preferCustomerOwner': 'campaigns.config.preferCustomerOwner',
    'config.ticketCombination': {
      label: 'campaigns.config.ticketCombination',
      value: (combination) => `campaigns.combinations.${combination}`,
    },
    'config.transcriptionSending': 'campaigns.config.transcriptionSending',
    'config.agentTransfer': 'campaigns.config.agentTransfer',
    'config.campaignTransfer': 'campaigns.config.campaignTransfer',
    'config.autocomplete': 'campaigns.config.autocomplete',
    'config.allowAllTickets': 'campaigns.config.allowAllTickets',
    'config.otherContactInfo': 'campaigns.config.otherContactInfo',
    'config.closeWithoutTask': 'campaigns.config.closeWithoutTask',
    'config.closeWithoutCustomerInfo': 'campaigns.config.closeWithoutCustomerInfo',
    'config.softphoneAutoAnswer': 'campaigns.config.softphoneAutoAnswer',
    'config.softphoneAutoAnswerTimeMs': 'campaigns.config.softphoneAutoAnswerTimeMs',
    'config.requiredSkillIds': 'campaigns.config.requiredSkillIds',
    'config.closeMessage': 'campaigns.config.closeMessage',
    'config.surveyId': 'campaigns.config.surveyId',
    'config.surveyMessage': 'campaigns.config.surveyMessage',
    customTabs: 'campaigns.tabs.customTabs',
    'customTabs.url': 'campaigns.customTab.url',
    'customTabs.icon': 'campaigns.customTab.icon',
    'customTabs.height': 'campaigns.customTab.height',
    'customTabs.enabled': enabled,
  },
  customer: {
    identificationType: 'customers.fields.identificationType',
    identificationNumber: 'customers.fields.identificationNumber',
    firstName: 'customers.fields.firstName',
    middleName: 'customers.fields.middleName',
    lastName: 'customers.fields.lastName',
    secondLastName: 'customers.fields.secondLastName',
    birthday: 'customers.fields.birthday',
    gender: { label: 'customers.fields.gender', value: (gender) => `customers.genders.${gender}` },
    labels: 'customers.fields.labels',
    owner: 'customers.fields.owner',
    related: 'customers.fields.related',
    contacts: 'customers.tabs.contacts',
    'contacts.label': 'customers.contact.label',
    'contacts.areaCode': 'customers.contact.areaCode',
    'contacts.extension': 'customers.contact.extension',
    'contacts.zone': 'customers.contact.zone',
    'contacts.city': 'customers.contact.city',
  },
  'dynamic-form': {
    name: 'forms.fields.name',
    description: 'forms.fields.description',
    requireNotes: 'forms.fields.requireNotes',
    requireNextTask: 'forms.fields.requireNextTask',
    enabled,
    fields: 'forms.sections.fields',
    'fields.type': { label: 'forms.builder.type', value: (type) => `forms.types.${type}` },
    'fields.description': 'forms.builder.description',
    'fields.order': 'audit.fields.order',
    'fields.required': 'forms.builder.required',
    'fields.alphabeticalOrder': 'forms.builder.alphabetical',
    'fields.defaultValue': 'forms.builder.defaultValue',
    'fields.options': 'forms.builder.ownOptions',
    'fields.reusableList': 'forms.builder.reusableList',
  },
  'reusable-list': {
    name: 'reusableLists.fields.name',
    description: 'reusableLists.fields.description',
    type: { label: 'reusableLists.fields.type', value: (type) => `reusableLists.types.${type}` },
    alphabeticalOrder: 'forms.builder.alphabetical',
    enabled,
    options: 'reusableLists.sections.options',
  },
  message_template: {
    name: 'templates.fields.name',
    channelType: {
      label: 'templates.fields.channelType',
      value: (type) => `channelTypes.${type}`,
      empty: 'templates.anyChannel',
    },
    allCampaigns: 'templates.fields.allCampaigns',
    campaigns: 'templates.fields.campaigns',
    body: 'templates.fields.body',
    enabled,
  },
  'omni-widget': {
    name: 'widgets.fields.name',
    enabled,
    allowedOrigins: 'widgets.fields.allowedOrigins',
    channels: 'widgets.fields.channels',
    style: { label: 'widgets.fields.style', value: (style) => `widgets.styles.${style}` },
    title: 'widgets.fields.title',
    subtitle: 'widgets.fields.subtitle',
    position: { label: 'widgets.fields.position', value: (position) => `widgets.positions.${position}` },
    primaryColor: 'widgets.fields.primaryColor',
    iconType: { label: 'widgets.fields.iconType', value: (icon) => `widgets.iconTypes.${icon}` },
    helpCenter: 'widgets.fields.helpCenter',
    businessImage: 'widgets.fields.businessImage',
    iconImage: 'widgets.fields.iconImage',
  },
  bot: {
    name: 'bots.fields.name',
    description: 'bots.fields.description',
    enabled: 'bots.fields.enabled',
    version: 'bots.fields.version',
    note: 'bots.fields.note',
    channels: 'bots.fields.channels',
    secrets: 'bots.fields.secrets',
    'silence.minutes': 'bots.fields.silenceMinutes',
    'silence.action': { label: 'bots.fields.silenceAction', value: (action) => `bots.actions.${action}` },
    'silence.text': 'bots.fields.silenceText',
  },
  'bulk-message': {
    name: 'bulk.fields.name',
    campaign: 'bulk.fields.campaign',
    channel: 'bulk.fields.channel',
    whatsappTemplate: 'bulk.fields.template',
    subject: 'bulk.fields.subject',
    frequency: { label: 'bulk.fields.frequency', value: (kind) => `bulk.frequencies.${kind}` },
    activeTickets: 'bulk.fields.activeTickets',
    enabled: 'bulk.fields.enabled',
    run: 'bulk.fields.run',
  },
  'whatsapp-template': {
    name: 'whatsappTemplates.fields.name',
    type: { label: 'whatsappTemplates.fields.type', value: (type) => `whatsappTemplates.types.${type}` },
    language: {
      label: 'whatsappTemplates.fields.language',
      value: (language) => `whatsappTemplates.languages.${language}`,
    },
    category: {
      label: 'whatsappTemplates.fields.category',
      value: (category) => `whatsappTemplates.categories.${category}`,
    },
    providerTemplateId: 'audit.fields.providerTemplateId',
  },
  ticket: {
    status: { label: 'tickets.fields.status', value: (status) => `tickets.status.${statusKey(Number(status))}` },
    type: 'tickets.fields.type',
    priority: {
      label: 'tickets.fields.priority',
      value: (priority) => `tickets.priority.${priorityKey(Number(priority))}`,
    },
    description: 'tickets.fields.description',
    toUser: 'audit.fields.toUser',
    toCampaign: 'audit.fields.toCampaign',
    note: 'audit.fields.note',
    attachment: 'audit.fields.attachment',
    target: { label: 'audit.fields.target', text: (number) => `#${number}` },
    source: { label: 'audit.fields.source', text: (number) => `#${number}` },
    tasks: 'audit.fields.tasks',
    notes: 'audit.fields.notes',
    attachments: 'audit.fields.attachments',
    interactions: 'audit.fields.interactions',
    rule: 'audit.fields.rule',
  },
};

/** An opening-hours slot ("1 08:00-17:00") as "lunes 08:00–17:00", the weekday in the UI language. */
function slotName(slot: AuditRef, language: string): string {
  const match = /^(\d) (\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(String(slot.id));
  return match ? `${weekdayName(Number(match[1]), language)} ${match[2]}–${match[3]}` : slot.name;
}

/** A key nobody described (a row from an older version): "someField" reads "Some field", never in code type. */
export function readableKey(path: string): string {
  const last = path.split('.').pop() ?? path;
  const words = last
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
