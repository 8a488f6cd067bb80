import {
  AUDIT_FIELDS,
  type AuditChange,
  type AuditChanges,
  type AuditEntityKind,
  type AuditFieldChange,
  type AuditFieldKind,
  type AuditFieldPath,
  type AuditItem,
  type AuditItemChange,
  type AuditRef,
  type AuditSetChange,
  auditFieldPath,
} from '@atiende/contracts';

/** Fields that never go into the audit log, whatever the entity or the depth. */
const SECRET_FIELDS = new Set(['password', 'password_confirmation', 'passwordHash', 'secret', 'secretHash', 'token']);

type Fields = Readonly<Record<string, AuditFieldKind>>;
type Head<P extends string> = P extends `${infer H}.${string}` ? H : P;

/**
 * What a record looked like, as the audit compares it: its described fields (`AUDIT_FIELDS`), with other records
 * as `{id, name}` (named as they are called now) and lists as arrays of such members — or of plain values — plus
 * the member fields the description names (`agents.channels`). Nested settings are plain objects.
 */
export type AuditSnapshot<E extends AuditEntityKind> = { [K in Head<AuditFieldPath<E>>]?: unknown };

/** A snapshot holds a field the description does not know: a programming error, caught by the module's tests. */
export class UndescribedAuditField extends Error {}

/** A list member as snapshots give it: an id, a name, an optional detail, and its own described fields. */
export interface AuditMember {
  id: string | number;
  name: string;
  detail?: string;
  [field: string]: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function valueAt(snapshot: unknown, path: string): unknown {
  let value = snapshot;
  for (const key of path.split('.')) {
    if (!isPlainObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

/**
 * One canonical form per meaning: missing, null and '' are the same empty value (the forms and schemas treat
 * them alike), instants are ISO text.
 */
function scalar(value: unknown, where: string): string | number | boolean | null {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new UndescribedAuditField(`Audit field ${where} holds an object: describe it as a ref or a list`);
}

function ref(value: unknown, where: string): AuditRef | null {
  if (value === undefined || value === null) return null;
  if (isPlainObject(value) && (typeof value.id === 'number' || typeof value.id === 'string')) {
    return { id: value.id, name: String(value.name ?? '') };
  }
  throw new UndescribedAuditField(`Audit field ${where} is a ref without an id`);
}

function fieldChange(kind: AuditFieldKind, before: unknown, after: unknown, where: string): AuditFieldChange | null {
  if (kind === 'ref') {
    const from = ref(before, where);
    const to = ref(after, where);
    return String(from?.id ?? '') === String(to?.id ?? '') ? null : { from, to };
  }
  const from = scalar(before, where);
  const to = scalar(after, where);
  return from === to ? null : { from, to };
}

function member(value: unknown, where: string): AuditMember {
  if (typeof value === 'string' || typeof value === 'number') return { id: value, name: String(value) };
  if (isPlainObject(value) && (typeof value.id === 'number' || typeof value.id === 'string')) {
    return { ...value, id: value.id, name: String(value.name ?? value.id) } as AuditMember;
  }
  throw new UndescribedAuditField(`Audit list ${where} holds a member without an id`);
}

/**
 * Members by id (the order of a list is not a change). Entries keyed by a text that may repeat (two scripts with
 * the same title) are told apart by their occurrence.
 */
function members(value: unknown, where: string): Map<string, AuditMember> {
  const list = value === undefined || value === null ? [] : value;
  if (!Array.isArray(list)) throw new UndescribedAuditField(`Audit list ${where} is not an array`);
  const byId = new Map<string, AuditMember>();
  for (const entry of list) {
    const found = member(entry, where);
    let key = String(found.id);
    for (let occurrence = 2; byId.has(key); occurrence++) key = `${String(found.id)}\u0000${occurrence}`;
    byId.set(key, found);
  }
  return byId;
}

const asItem = ({ id, name, detail }: AuditMember): AuditItem => (detail ? { id, name, detail } : { id, name });

/** Members of `to` not in `from`, and the other way round. */
function addedAndRemoved(from: Map<string, AuditMember>, to: Map<string, AuditMember>): AuditSetChange {
  return {
    added: [...to.entries()].filter(([id]) => !from.has(id)).map(([, item]) => asItem(item)),
    removed: [...from.entries()].filter(([id]) => !to.has(id)).map(([, item]) => asItem(item)),
  };
}

function setChange(before: unknown, after: unknown, where: string): AuditSetChange | null {
  const change = addedAndRemoved(members(before, where), members(after, where));
  return change.added.length || change.removed.length ? change : null;
}

const MEMBER_KEYS = new Set(['id', 'name', 'detail']);

/** A list: members added and removed, and the described fields of members that stayed. */
function listChange(fields: Fields, path: string, before: unknown, after: unknown, where: string): AuditChange | null {
  const from = members(before, where);
  const to = members(after, where);
  const changed: AuditItemChange[] = [];
  for (const [id, next] of to) {
    const previous = from.get(id);
    if (!previous) continue;
    const keys = [...new Set([...Object.keys(previous), ...Object.keys(next)])].filter(
      (key) => !MEMBER_KEYS.has(key) && !SECRET_FIELDS.has(key),
    );
    for (const key of keys) {
      const kind = fields[`${path}.${key}`];
      if (!kind) throw new UndescribedAuditField(`Audit field ${where}.${key} is not described`);
      const change =
        kind === 'list'
          ? setChange(previous[key], next[key], `${where}.${key}`)
          : fieldChange(kind, previous[key], next[key], `${where}.${key}`);
      if (change) changed.push({ item: { id: next.id, name: next.name }, field: key, change });
    }
  }
  const { added, removed } = addedAndRemoved(from, to);
  return added.length || removed.length || changed.length ? { added, removed, changed } : null;
}

/** A path inside a list's members (`agents.channels`): compared with its member, not on its own. */
function isMemberField(fields: Fields, path: string): boolean {
  const dot = path.lastIndexOf('.');
  return dot > 0 && fields[path.slice(0, dot)] === 'list';
}

/** Every leaf of a snapshot must be described: a field nobody labelled would reach users as a raw key. */
function checkDescribed(kind: AuditEntityKind, snapshot: unknown, prefix = ''): void {
  if (!isPlainObject(snapshot)) return;
  for (const [key, value] of Object.entries(snapshot)) {
    const path = `${prefix}${key}`;
    if (SECRET_FIELDS.has(key)) continue;
    const described = auditFieldPath(kind, path);
    if (described && AUDIT_FIELDS[kind][described as AuditFieldPath<typeof kind>] === 'list' && Array.isArray(value)) {
      for (const entry of value) {
        const fields = isPlainObject(entry) ? Object.keys(entry) : [];
        const unknown = fields.find((field) => !MEMBER_KEYS.has(field) && !auditFieldPath(kind, `${path}.${field}`));
        if (unknown) throw new UndescribedAuditField(`Audit field ${kind}.${path}.${unknown} is not described`);
      }
    }
    if (described) continue;
    if (isPlainObject(value)) checkDescribed(kind, value, `${path}.`);
    else throw new UndescribedAuditField(`Audit field ${kind}.${path} is not described in AUDIT_FIELDS`);
  }
}

/**
 * The changes between two snapshots of a record (`before` null when it was just created): only what really
 * changed, field by field in the description's order — nested settings per key, lists as members added, removed
 * or changed, other records by id with their names — never a secret.
 */
export function diffForAudit<E extends AuditEntityKind>(
  kind: E,
  before: AuditSnapshot<E> | null,
  after: AuditSnapshot<E>,
): AuditChanges {
  const fields: Fields = AUDIT_FIELDS[kind];
  checkDescribed(kind, before);
  checkDescribed(kind, after);
  const changes: AuditChanges = {};
  for (const [path, fieldKind] of Object.entries(fields)) {
    if (isMemberField(fields, path)) continue;
    let paths = [path];
    if (path.endsWith('.*')) {
      const parent = path.slice(0, -2);
      const keys = new Set([
        ...Object.keys(valueAt(before, parent) ?? {}),
        ...Object.keys(valueAt(after, parent) ?? {}),
      ]);
      paths = [...keys]
        .filter((key) => !SECRET_FIELDS.has(key) && !(`${parent}.${key}` in fields))
        .sort()
        .map((key) => `${parent}.${key}`);
    }
    for (const target of paths) {
      const where = `${kind}.${target}`;
      const from = valueAt(before, target);
      const to = valueAt(after, target);
      const change =
        fieldKind === 'list' ? listChange(fields, target, from, to, where) : fieldChange(fieldKind, from, to, where);
      if (change) changes[target] = change;
    }
  }
  return changes;
}

/** What an action concerned (a discarded message's sender and subject): described fields, empty ones left out. */
export function auditFacts<E extends AuditEntityKind>(
  kind: E,
  facts: Partial<Record<AuditFieldPath<E>, unknown>>,
): AuditChanges {
  const fields: Fields = AUDIT_FIELDS[kind];
  const changes: AuditChanges = {};
  for (const [path, value] of Object.entries(facts)) {
    const fieldKind = fields[path];
    const where = `${kind}.${path}`;
    if (!fieldKind || fieldKind === 'list') throw new UndescribedAuditField(`Audit fact ${where} is not described`);
    const stored = fieldKind === 'ref' ? ref(value, where) : scalar(value, where);
    if (stored !== null) changes[path] = { value: stored };
  }
  return changes;
}
