import {
  AUDIT_FIELDS,
  type AuditChanges,
  type AuditEntityKind,
  type AuditFieldKind,
  auditChangesSchema,
  auditEntityKind,
  auditFieldPath,
  isFact,
  isListChange,
  TICKET_STATUS,
} from '@atiende/contracts';
import { type AuditMember, type AuditSnapshot, diffForAudit, UndescribedAuditField } from './diff.js';

/** The tables an older row's bare ids are named from when it is read. */
export const NAME_TABLES = [
  'user',
  'role',
  'channel',
  'campaign',
  'catalogue',
  'form',
  'reusable-list',
  'attachment',
] as const;
export type NameTable = (typeof NAME_TABLES)[number];
/** A record's current name, or undefined when it is not known (yet). */
export type NameLookup = (table: NameTable, id: number) => string | undefined;

type Fields = Readonly<Record<string, AuditFieldKind>>;
type Loose = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  isPlainObject(value) && 'from' in value && 'to' in value && Object.keys(value).length === 2;
/** A list change of an older shape: bare keys or ids added and removed. */
const isAddedRemoved = (value: unknown): value is { added: unknown; removed: unknown } =>
  isPlainObject(value) && Array.isArray(value.added) && Array.isArray(value.removed);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function named(table: NameTable, value: unknown, names: NameLookup) {
  if (value === null || value === undefined || value === '') return null;
  const id = Number(value);
  if (!Number.isInteger(id)) return { id: text(value), name: text(value) };
  return { id, name: names(table, id) ?? `#${id}` };
}
const namedList = (table: NameTable, value: unknown, names: NameLookup) =>
  asArray(value).flatMap((id) => named(table, id, names) ?? []);

/** Multi-level options as one member per option, named by its path ("Ventas › Norte"). */
function flatOptions(value: unknown, parent = ''): AuditMember[] {
  return asArray(value).flatMap((option) => {
    if (!isPlainObject(option)) return [];
    const path = parent ? `${parent} › ${text(option.label)}` : text(option.label);
    return [{ id: path, name: path }, ...flatOptions(option.children, path)];
  });
}

/**
 * How each key that rows used to write reads today: a bare id became the record with its name, an id list a list
 * of records, whole objects members identified by their key. Applied at any depth (a campaign's config too).
 */
const LEGACY_KEYS: Record<string, (value: unknown, names: NameLookup) => [string, unknown]> = {
  formId: (value, names) => ['form', named('form', value, names)],
  responsibleUserId: (value, names) => ['responsible', named('user', value, names)],
  ownerUserId: (value, names) => ['owner', named('user', value, names)],
  identificationTypeId: (value, names) => ['identificationType', named('catalogue', value, names)],
  parentId: (value, names) => ['parent', named('catalogue', value, names)],
  roleId: (value, names) => ['role', named('role', value, names)],
  toUserId: (value, names) => ['toUser', named('user', value, names)],
  toCampaignId: (value, names) => ['toCampaign', named('campaign', value, names)],
  attachmentId: (value, names) => ['attachment', named('attachment', value, names)],
  reusableListId: (value, names) => ['reusableList', named('reusable-list', value, names)],
  // The customer's kanban move: out of one label, into another.
  labelId: (value, names) => ['labels', value == null ? [] : [named('catalogue', value, names)]],
  roleIds: (value, names) => ['roles', namedList('role', value, names)],
  skillIds: (value, names) => ['skills', namedList('catalogue', value, names)],
  channelIds: (value, names) => ['channels', namedList('channel', value, names)],
  supervisorIds: (value, names) => ['supervisors', namedList('user', value, names)],
  campaignIds: (value, names) => ['campaigns', namedList('campaign', value, names)],
  labelIds: (value, names) => ['labels', namedList('catalogue', value, names)],
  requiredSkillIds: (value, names) => ['requiredSkillIds', namedList('catalogue', value, names)],
  secretsSet: (value) => ['secrets', asArray(value)],
  url_image: (value) => ['avatar', value],
  businessImagePath: (value) => ['businessImage', value],
  iconImagePath: (value) => ['iconImage', value],
  mfaEnabled: (value) => ['mfa', value],
  agents: (value, names) => [
    'agents',
    asArray(value).flatMap((agent) => {
      if (!isPlainObject(agent)) return [];
      const user = named('user', agent.userId, names);
      const channels = namedList('channel', agent.channelIds, names);
      return user ? [{ ...user, detail: channels.map((channel) => channel.name).join(', '), channels }] : [];
    }),
  ],
  scripts: (value) => [
    'scripts',
    asArray(value).flatMap((script) =>
      isPlainObject(script) ? [{ id: text(script.title), name: text(script.title), body: script.body }] : [],
    ),
  ],
  customTabs: (value) => [
    'customTabs',
    asArray(value).flatMap((tab) =>
      isPlainObject(tab)
        ? [
            {
              id: text(tab.name),
              name: text(tab.name),
              url: tab.url,
              icon: tab.icon,
              height: tab.height,
              enabled: tab.enabled,
            },
          ]
        : [],
    ),
  ],
  integraciones: (value) => [
    'integraciones',
    asArray(value).flatMap((integration) =>
      isPlainObject(integration)
        ? [
            {
              id: Number(integration.id),
              name: text(integration.nombre),
              icono: integration.icono,
              ruta: integration.ruta,
              url: integration.url,
              roles: integration.roles,
            },
          ]
        : [],
    ),
  ],
  fields: (value, names) => [
    'fields',
    asArray(value).flatMap((field) =>
      isPlainObject(field)
        ? [
            {
              id: text(field.key),
              name: text(field.label),
              type: field.type,
              description: field.description,
              order: field.order,
              required: field.required,
              alphabeticalOrder: field.alphabeticalOrder,
              defaultValue: field.defaultValue,
              options: flatOptions(field.options),
              reusableList: named('reusable-list', field.reusableListId, names),
            },
          ]
        : [],
    ),
  ],
  options: (value) => ['options', flatOptions(value)],
  days: (value) => [
    'days',
    asArray(value).flatMap((slot) =>
      isPlainObject(slot) ? [`${text(slot.day)} ${text(slot.from)}-${text(slot.to)}`] : [],
    ),
  ],
};

function legacyValue(key: string, value: unknown, names: NameLookup): [string, unknown] {
  const convert = LEGACY_KEYS[key];
  if (convert) return convert(value, names);
  if (!isPlainObject(value)) return [key, value];
  return [key, Object.fromEntries(Object.entries(value).map(([inner, child]) => legacyValue(inner, child, names)))];
}

/** Keeps what the description knows (and, in lists, the members' described fields); the rest is returned apart. */
function described(kind: AuditEntityKind, snapshot: Loose, prefix = ''): { known: Loose; unknown: Loose } {
  const fields: Fields = AUDIT_FIELDS[kind];
  const known: Loose = {};
  const unknown: Loose = {};
  for (const [key, value] of Object.entries(snapshot)) {
    const path = `${prefix}${key}`;
    const at = auditFieldPath(kind, path);
    if (at && fields[at] === 'list') {
      known[key] = asArray(value).map((item) =>
        isPlainObject(item)
          ? Object.fromEntries(
              Object.entries(item).filter(
                ([field]) => ['id', 'name', 'detail'].includes(field) || `${path}.${field}` in fields,
              ),
            )
          : item,
      );
    } else if (at) known[key] = value;
    else if (isPlainObject(value)) {
      const inner = described(kind, value, `${path}.`);
      known[key] = inner.known;
      Object.assign(unknown, inner.unknown);
    } else unknown[path] = value;
  }
  return { known, unknown };
}

const scalarOrNull = (value: unknown) =>
  value === undefined || value === '' ? null : ['string', 'number', 'boolean'].includes(typeof value) ? value : null;

/** The status a ticket action leads to (older rows wrote only where it came from). */
const STATUS_AFTER: Record<string, number> = {
  open: TICKET_STATUS.open,
  escalate: TICKET_STATUS.escalated,
  transfer: TICKET_STATUS.transferred,
  close: TICKET_STATUS.closed,
};

/** A row of an older version: whole values before and after (or bare facts), compared again field by field. */
function convertLegacy(kind: AuditEntityKind, action: string, raw: Loose, names: NameLookup): AuditChanges {
  const before: Loose = {};
  const after: Loose = {};
  const facts: Loose = {};
  for (const [key, value] of Object.entries(raw)) {
    if (kind === 'role' && (key === 'added' || key === 'removed')) {
      (key === 'added' ? after : before).permissions = [
        ...asArray((key === 'added' ? after : before).permissions),
        ...asArray(value),
      ];
      continue;
    }
    if (isAddedRemoved(value)) {
      // What was removed stands for "before", what was added for "after": the difference is the same.
      before[legacyValue(key, value.removed, names)[0]] = legacyValue(key, value.removed, names)[1];
      after[legacyValue(key, value.added, names)[0]] = legacyValue(key, value.added, names)[1];
    } else if (isFromTo(value)) {
      const to = kind === 'ticket' && key === 'status' && value.to === null ? (STATUS_AFTER[action] ?? null) : value.to;
      const [name, from] = legacyValue(key, value.from, names);
      before[name] = from;
      after[name] = legacyValue(key, to, names)[1];
    } else {
      const [name, fact] = legacyValue(key, value, names);
      facts[name] = fact;
    }
  }
  const previous = described(kind, before);
  const next = described(kind, after);
  const changes = diffForAudit(
    kind,
    previous.known as AuditSnapshot<typeof kind>,
    next.known as AuditSnapshot<typeof kind>,
  );
  // Keys no description knows (none today) still read as plain values rather than vanish.
  for (const path of new Set([...Object.keys(previous.unknown), ...Object.keys(next.unknown)])) {
    const from = scalarOrNull(previous.unknown[path]);
    const to = scalarOrNull(next.unknown[path]);
    if (from !== to) changes[path] = { from: from as string | null, to: to as string | null };
  }
  const fields: Fields = AUDIT_FIELDS[kind];
  for (const [path, value] of Object.entries(facts)) {
    if (fields[path] === 'ref' && isPlainObject(value))
      changes[path] = { value: { id: value.id as number, name: text(value.name) } };
    else {
      const scalar = scalarOrNull(value);
      if (scalar !== null) changes[path] = { value: scalar as string | number | boolean };
    }
  }
  return changes;
}

/** Whether a stored record is in today's format (parsed by contracts, every key described). */
function current(kind: AuditEntityKind, raw: Loose): AuditChanges | null {
  const parsed = auditChangesSchema.safeParse(raw);
  if (!parsed.success) return null;
  const entries = Object.entries(parsed.data);
  if (!entries.every(([path]) => auditFieldPath(kind, path))) return null;
  if (
    kind === 'ticket' &&
    entries.some(([path, change]) => path === 'status' && 'to' in change && change.to === null)
  ) {
    return null;
  }
  return parsed.data;
}

/** Two sides of a field change that mean the same: both empty (older rows wrote null → ''), or equal. */
function same(from: unknown, to: unknown): boolean {
  const canonical = (value: unknown) =>
    value === undefined || value === null || value === ''
      ? null
      : isPlainObject(value)
        ? `ref:${text(value.id)}`
        : value;
  return canonical(from) === canonical(to);
}

/**
 * A row's changes as the API answers them: today's rows as written; older rows (raw `{from, to}` of whole
 * objects, bare ids, bare facts) converted, with unchanged fields dropped and ids named through `names`.
 * Null when there is nothing to show.
 */
export function readStoredChanges(
  entity: string,
  action: string,
  raw: unknown,
  names: NameLookup,
): AuditChanges | null {
  const kind = auditEntityKind(entity);
  if (!kind || !isPlainObject(raw)) return null;
  let changes: AuditChanges;
  try {
    changes = current(kind, raw) ?? convertLegacy(kind, action, raw, names);
  } catch (error) {
    // An old row of a shape nothing converts: shown as its action alone rather than failing the whole history.
    if (error instanceof UndescribedAuditField) return null;
    throw error;
  }
  for (const [path, change] of Object.entries(changes)) {
    if (!isListChange(change) && !isFact(change) && same(change.from, change.to)) delete changes[path];
  }
  return Object.keys(changes).length > 0 ? inDescribedOrder(kind, changes) : null;
}

/**
 * The changes in the order of the description, the form's (jsonb keeps an object's keys in an order of its own):
 * keys under a wildcard sorted, keys nobody describes last.
 */
function inDescribedOrder(kind: AuditEntityKind, changes: AuditChanges): AuditChanges {
  const order = Object.keys(AUDIT_FIELDS[kind]);
  const rank = (path: string) => {
    const described = auditFieldPath(kind, path);
    return described ? order.indexOf(described) : order.length;
  };
  return Object.fromEntries(
    Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** Whether reading a row needs names from the database (older rows with bare ids). */
export function namesNeeded(entity: string, action: string, raw: unknown): { table: NameTable; id: number }[] {
  const wanted: { table: NameTable; id: number }[] = [];
  readStoredChanges(entity, action, raw, (table, id) => {
    wanted.push({ table, id });
    return undefined;
  });
  return wanted;
}
