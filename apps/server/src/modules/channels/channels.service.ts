import {
  API_BASE,
  CHANNEL_CONFIG_FIELDS,
  CHANNEL_TYPE_CODES,
  type Channel,
  type ChannelTypeKey,
  type ConfigField,
  type channelBodySchema,
  type channelListQuerySchema,
  type Locale,
  type Page,
  singleLineRule,
  WEBHOOK_CHANNEL_TYPES,
} from '@atiende/contracts';
import { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { translateIssues } from '../../platform/i18n/validation.js';
import { normalizeHost, type OutboundRefusalReason, outboundBaseUrl } from '../../platform/outbound.js';
import { problemText } from './channel-problem.js';
import { type ChannelRow, channelsRepo } from './channels.repo.js';

type ChannelBody = z.output<typeof channelBodySchema>;
type ConfigValue = string | number | boolean | null;

/** What refers to a channel: the campaigns that serve it and the omni widgets that offer it. */
interface ChannelRelations {
  campaigns: { id: number; name: string }[];
  widgets: { id: number; name: string }[];
}

function toChannel(
  row: ChannelRow,
  { campaigns, widgets }: ChannelRelations,
  publicUrl: string,
  locale: Locale,
): Channel {
  const type = row.type as ChannelTypeKey;
  return {
    id: row.id,
    name: row.name,
    type,
    typeCode: CHANNEL_TYPE_CODES[type],
    direction: row.direction as Channel['direction'],
    enabled: row.enabled,
    config: row.config,
    secretsSet: Object.keys(row.secrets).sort(),
    businessHours: row.businessHours,
    unavailableMessage: row.unavailableMessage,
    webhookUrl: WEBHOOK_CHANNEL_TYPES.includes(type) ? `${publicUrl}${API_BASE}/webhooks/${type}/${row.id}` : null,
    lastError: problemText(row.lastError, locale),
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    campaigns,
    widgets,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

const configInvalid = (issues: z.core.$ZodIssue[], locale: Locale) =>
  new AppError(422, 'VALIDATION', 'channels.configInvalid', {}, translateIssues(issues, locale));

/**
 * Checks the submitted configuration by the type's field list: plain values are kept (unknown keys dropped,
 * required ones checked), secrets submitted with a value are taken apart. Stored secrets are merged later; the
 * issues are reported together with theirs.
 */
function parseConfig(type: ChannelTypeKey, submitted: Record<string, ConfigValue>) {
  const config: Record<string, ConfigValue> = {};
  const secrets: Record<string, string> = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const field of CHANNEL_CONFIG_FIELDS[type]) {
    const value = submitted[field.key];
    const path = ['config', field.key];
    if (field.kind === 'secret') {
      if (!blank(value)) secrets[field.key] = String(value);
      continue;
    }
    if (blank(value)) {
      if (field.required) issues.push({ code: 'custom', path, message: 'i18n:channels.configRequired', input: value });
      config[field.key] = field.kind === 'boolean' ? false : null;
      continue;
    }
    const schema =
      field.kind === 'number'
        ? z.coerce.number().int().min(1).max(65_535)
        : field.kind === 'boolean'
          ? z.boolean()
          : field.kind === 'url'
            ? z.url({ protocol: /^https?$/ }).check(singleLineRule)
            : field.kind === 'email'
              ? z.email()
              : field.format
                ? z
                    .string()
                    .trim()
                    .max(2000)
                    .regex(field.format.pattern, { message: `i18n:${field.format.message}` })
                : z.string().max(2000);
    const parsed = schema.safeParse(value);
    if (parsed.success) config[field.key] = parsed.data as ConfigValue;
    else issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path })));
  }
  return { config, secrets, issues };
}

/** The message each outbound refusal shows on its field. */
const REFUSAL_MESSAGES: Record<OutboundRefusalReason, string> = {
  invalid: 'i18n:outbound.invalid',
  scheme: 'i18n:outbound.scheme',
  host: 'i18n:outbound.host',
  address: 'i18n:outbound.address',
};

/**
 * The endpoint a URL or host field names, as secrets are bound to it: the URL's origin (the target's default when
 * blank), or the host and port. Null when there is none.
 */
function endpointOf(field: ConfigField, config: Record<string, unknown>): string | null {
  const value = config[field.key];
  if (field.kind === 'url') {
    const url = field.target ? outboundBaseUrl(field.target, value) : typeof value === 'string' ? value.trim() : '';
    try {
      return url ? new URL(url).origin : null;
    } catch {
      return typeof value === 'string' ? value : null;
    }
  }
  const host = typeof value === 'string' ? (normalizeHost(value) ?? value.trim().toLowerCase()) : '';
  const port = field.portKey ? String(config[field.portKey] ?? '') : '';
  return host ? `${host}:${port}` : null;
}

/**
 * The secrets to store: the submitted ones, else the stored ones (same type only) — except the secrets bound to an
 * endpoint that changed, which are dropped unless submitted now, so a token is never sent to a host other than
 * the one it was saved for. Required secrets left without a value are refused.
 */
function mergeSecrets(type: ChannelTypeKey, parsed: ReturnType<typeof parseConfig>, current: ChannelRow | null) {
  const fields = CHANNEL_CONFIG_FIELDS[type];
  const stored = current?.type === type ? current.secrets : {};
  const unbound = new Set<string>();
  if (current?.type === type) {
    for (const field of fields) {
      if (field.secrets && endpointOf(field, current.config) !== endpointOf(field, parsed.config)) {
        for (const key of field.secrets) unbound.add(key);
      }
    }
  }
  const secrets: Record<string, string> = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const field of fields) {
    if (field.kind !== 'secret') continue;
    const secret = parsed.secrets[field.key] ?? (unbound.has(field.key) ? undefined : stored[field.key]);
    if (secret) secrets[field.key] = secret;
    else if (field.required) {
      const message =
        unbound.has(field.key) && stored[field.key] ? 'i18n:channels.secretForNewHost' : 'i18n:channels.configRequired';
      issues.push({ code: 'custom', path: ['config', field.key], message, input: '' });
    }
  }
  return { secrets, issues };
}

export function createChannelsService(ctx: AppContext) {
  const { db } = ctx;

  /** Campaigns and widgets of many channels: two queries for a whole page. */
  async function relationsOf(channelIds: readonly number[]) {
    const [campaigns, widgets] = await Promise.all([
      channelsRepo.campaignsOf(db, channelIds),
      channelsRepo.widgetsOf(db, channelIds),
    ]);
    return {
      get: (id: number): ChannelRelations => ({ campaigns: campaigns.get(id) ?? [], widgets: widgets.get(id) ?? [] }),
    };
  }

  async function view(id: number, locale: Locale): Promise<Channel> {
    const row = await channelsRepo.find(db, id);
    if (!row) throw errors.notFound();
    return toChannel(row, (await relationsOf([id])).get(id), ctx.config.publicUrl, locale);
  }

  /**
   * The URL and host fields the server connects to, checked by the outbound policy before anything is stored
   * (outside the transaction: it may wait for DNS). Each refusal is a translated message on its field.
   */
  async function checkEndpoints(type: ChannelTypeKey, config: Record<string, ConfigValue>) {
    const issues: z.core.$ZodIssue[] = [];
    for (const field of CHANNEL_CONFIG_FIELDS[type]) {
      const value = config[field.key];
      if (!field.target || typeof value !== 'string' || !value.trim()) continue;
      const refusal =
        field.kind === 'url'
          ? await ctx.outbound.checkUrl(field.target, value)
          : await ctx.outbound.checkHost(field.target, value, Number(field.portKey ? config[field.portKey] : 0));
      if (refusal) {
        issues.push({
          code: 'custom',
          path: ['config', field.key],
          message: REFUSAL_MESSAGES[refusal.reason],
          input: value,
        });
      }
    }
    return issues;
  }

  /** The configuration parsed, its endpoints checked; the issues wait for the secrets' (one answer names all). */
  async function parseChecked(body: ChannelBody) {
    const parsed = parseConfig(body.type, body.config);
    parsed.issues.push(...(await checkEndpoints(body.type, parsed.config)));
    return parsed;
  }

  /** The secrets to store, or every problem of the configuration at once. */
  function secretsOrRefuse(
    body: ChannelBody,
    parsed: ReturnType<typeof parseConfig>,
    current: ChannelRow | null,
    locale: Locale,
  ) {
    const merged = mergeSecrets(body.type, parsed, current);
    const issues = [...parsed.issues, ...merged.issues];
    if (issues.length > 0) throw configInvalid(issues, locale);
    return merged.secrets;
  }

  function values(body: ChannelBody, parsed: ReturnType<typeof parseConfig>, secrets: Record<string, string>) {
    return {
      name: body.name,
      type: body.type,
      direction: body.direction,
      enabled: body.enabled,
      config: parsed.config,
      secrets,
      businessHours: body.businessHours,
      unavailableMessage: body.unavailableMessage,
    };
  }

  /**
   * The channel as its audit compares it: never a secret's value, only which secrets are set; opening hours as
   * one member per slot ("1 08:00-17:00": weekday, from, to).
   */
  function auditSnapshot(
    channel: Pick<
      ChannelRow,
      'name' | 'type' | 'direction' | 'enabled' | 'config' | 'secrets' | 'businessHours' | 'unavailableMessage'
    >,
  ): AuditSnapshot<'channel'> {
    return {
      name: channel.name,
      type: channel.type,
      direction: channel.direction,
      enabled: channel.enabled,
      config: channel.config,
      secrets: Object.keys(channel.secrets).sort(),
      businessHours: {
        enabled: channel.businessHours.enabled,
        timezone: channel.businessHours.timezone,
        days: channel.businessHours.days.map((slot) => `${slot.day} ${slot.from}-${slot.to}`),
      },
      unavailableMessage: channel.unavailableMessage,
    };
  }

  return {
    async list(query: z.output<typeof channelListQuerySchema>, locale: Locale): Promise<Page<Channel>> {
      const { rows, total } = await channelsRepo.list(db, {
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        searchText: query.searchText || undefined,
        type: query.type,
        enabled: query.enabled === 'all' ? undefined : query.enabled === 'true',
      });
      const related = await relationsOf(rows.map((row) => row.id));
      return {
        data: rows.map((row) => toChannel(row, related.get(row.id), ctx.config.publicUrl, locale)),
        total,
        page: query.page,
        sizePerPage: query.sizePerPage,
      };
    },

    get: view,

    async create(actorUserId: number, body: ChannelBody, locale: Locale): Promise<Channel> {
      const parsed = await parseChecked(body);
      const secrets = secretsOrRefuse(body, parsed, null, locale);
      const id = await db.transaction(async (tx) => {
        const channelValues = values(body, parsed, secrets);
        const created = await channelsRepo.insert(tx, {
          ...channelValues,
          createdBy: actorUserId,
          updatedBy: actorUserId,
        });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'channel',
          entityId: created,
          action: 'created',
          changes: diffForAudit('channel', null, auditSnapshot(channelValues)),
        });
        return created;
      });
      await ctx.events.emit('structure.changed', { kind: 'channel', id });
      return view(id, locale);
    },

    async update(actorUserId: number, id: number, body: ChannelBody, locale: Locale): Promise<Channel> {
      const parsed = await parseChecked(body);
      await db.transaction(async (tx) => {
        const current = await channelsRepo.lock(tx, id);
        if (!current) throw errors.notFound();
        // A secret is kept only while the type and the endpoint it is sent to stay the same.
        const channelValues = values(body, parsed, secretsOrRefuse(body, parsed, current, locale));
        await channelsRepo.update(tx, id, { ...channelValues, updatedBy: actorUserId });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'channel',
          entityId: id,
          action: 'updated',
          changes: diffForAudit('channel', auditSnapshot(current), auditSnapshot(channelValues)),
        });
      });
      await ctx.events.emit('structure.changed', { kind: 'channel', id });
      return view(id, locale);
    },

    async audit(id: number) {
      if (!(await channelsRepo.find(db, id))) throw errors.notFound();
      return auditRepo.list(db, 'channel', id);
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
