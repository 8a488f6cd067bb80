import {
  API_BASE,
  CHANNEL_CONFIG_FIELDS,
  CHANNEL_TYPE_CODES,
  type Channel,
  type ChannelTypeKey,
  type channelBodySchema,
  type channelListQuerySchema,
  type Page,
  singleLineRule,
  WEBHOOK_CHANNEL_TYPES,
} from '@atiende/contracts';
import { z } from 'zod';
import { auditRepo, diffForAudit } from '../../platform/audit/audit.repo.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { translateIssues } from '../../platform/i18n/validation.js';
import { type ChannelRow, channelsRepo } from './channels.repo.js';

type ChannelBody = z.output<typeof channelBodySchema>;
type ConfigValue = string | number | boolean | null;

function toChannel(row: ChannelRow, campaigns: { id: number; name: string }[], publicUrl: string): Channel {
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
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    campaigns,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Splits the submitted configuration by the type's field list: plain values are kept, secrets go to their own
 * column (an empty secret keeps the stored one), unknown keys are dropped, required ones are checked.
 */
function splitConfig(
  type: ChannelTypeKey,
  submitted: Record<string, ConfigValue>,
  storedSecrets: Record<string, string>,
  locale: Parameters<typeof translateIssues>[1],
) {
  const config: Record<string, ConfigValue> = {};
  const secrets: Record<string, string> = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const field of CHANNEL_CONFIG_FIELDS[type]) {
    const value = submitted[field.key];
    const path = ['config', field.key];
    if (field.kind === 'secret') {
      const secret = blank(value) ? storedSecrets[field.key] : String(value);
      if (secret) secrets[field.key] = secret;
      else if (field.required)
        issues.push({ code: 'custom', path, message: 'i18n:channels.configRequired', input: value });
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
              : z.string().max(2000);
    const parsed = schema.safeParse(value);
    if (parsed.success) config[field.key] = parsed.data as ConfigValue;
    else issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path })));
  }
  if (issues.length > 0) {
    throw new AppError(422, 'VALIDATION', 'channels.configInvalid', {}, translateIssues(issues, locale));
  }
  return { config, secrets };
}

export function createChannelsService(ctx: AppContext) {
  const { db } = ctx;

  async function view(id: number): Promise<Channel> {
    const row = await channelsRepo.find(db, id);
    if (!row) throw errors.notFound();
    return toChannel(row, (await channelsRepo.campaignsOf(db, [id])).get(id) ?? [], ctx.config.publicUrl);
  }

  function values(body: ChannelBody, split: ReturnType<typeof splitConfig>) {
    return {
      name: body.name,
      type: body.type,
      direction: body.direction,
      enabled: body.enabled,
      config: split.config,
      secrets: split.secrets,
      businessHours: body.businessHours,
      unavailableMessage: body.unavailableMessage,
    };
  }

  /** Audit without secret values: only which secrets changed. */
  function auditable(row: { secrets: Record<string, string> } & Record<string, unknown>) {
    const { secrets, ...rest } = row;
    return { ...rest, secretsSet: Object.keys(secrets).sort() };
  }

  return {
    async list(query: z.output<typeof channelListQuerySchema>): Promise<Page<Channel>> {
      const { rows, total } = await channelsRepo.list(db, {
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        searchText: query.searchText || undefined,
        type: query.type,
        enabled: query.enabled === 'all' ? undefined : query.enabled === 'true',
      });
      const related = await channelsRepo.campaignsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toChannel(row, related.get(row.id) ?? [], ctx.config.publicUrl)),
        total,
        page: query.page,
        sizePerPage: query.sizePerPage,
      };
    },

    get: view,

    async create(actorUserId: number, body: ChannelBody, locale: 'es' | 'en'): Promise<Channel> {
      const split = splitConfig(body.type, body.config, {}, locale);
      const id = await db.transaction(async (tx) => {
        const channelValues = values(body, split);
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
          changes: diffForAudit(null, auditable(channelValues)),
        });
        return created;
      });
      return view(id);
    },

    async update(actorUserId: number, id: number, body: ChannelBody, locale: 'es' | 'en'): Promise<Channel> {
      await db.transaction(async (tx) => {
        const current = await channelsRepo.lock(tx, id);
        if (!current) throw errors.notFound();
        // A secret is kept only while the type stays the same.
        const split = splitConfig(body.type, body.config, body.type === current.type ? current.secrets : {}, locale);
        const channelValues = values(body, split);
        await channelsRepo.update(tx, id, { ...channelValues, updatedBy: actorUserId });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'channel',
          entityId: id,
          action: 'updated',
          changes: diffForAudit(auditable(current), auditable(channelValues)),
        });
      });
      return view(id);
    },

    async audit(id: number) {
      await view(id);
      return auditRepo.list(db, 'channel', id);
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
