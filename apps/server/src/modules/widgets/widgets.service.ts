import path from 'node:path';
import type { OmniWidget, Page, WidgetBody, widgetListQuerySchema } from '@atiende/contracts';
import type { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { errors } from '../../platform/http/errors.js';
import type { ImageUpload } from '../../platform/http/uploads.js';
import { randomToken } from '../../platform/security.js';
import { type WidgetChannelRow, type WidgetRow, widgetsRepo } from './widgets.repo.js';

export type WidgetImageKind = 'business' | 'icon';
const IMAGE_COLUMN = { business: 'businessImagePath', icon: 'iconImagePath' } as const;
/** The image's field in the audit log. */
const IMAGE_FIELD = { business: 'businessImage', icon: 'iconImage' } as const;

/** Public URL of a widget's image: served without login (websites load it), named by the random stored file. */
export function widgetImageUrl(publicUrl: string, row: WidgetRow, kind: WidgetImageKind): string | null {
  const stored = row[IMAGE_COLUMN[kind]];
  return stored ? `${publicUrl}/api/v2/public/widgets/${row.publicKey}/images/${path.posix.basename(stored)}` : null;
}

/** The copy-paste snippet a website adds to its pages. */
export function widgetScript(publicUrl: string, publicKey: string): string {
  return `<script src="${publicUrl}/widget.js" data-atiende-widget="${publicKey}" async></script>`;
}

export function toWidget(row: WidgetRow, channels: WidgetChannelRow[], publicUrl: string): OmniWidget {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    publicKey: row.publicKey,
    allowedOrigins: row.allowedOrigins,
    channels: channels.map((channel) => ({ id: channel.id, name: channel.name, type: channel.type })),
    style: row.style as OmniWidget['style'],
    title: row.title,
    subtitle: row.subtitle,
    position: row.position as OmniWidget['position'],
    primaryColor: row.primaryColor,
    businessImageUrl: widgetImageUrl(publicUrl, row, 'business'),
    iconType: row.iconType as OmniWidget['iconType'],
    iconImageUrl: widgetImageUrl(publicUrl, row, 'icon'),
    helpCenter: row.helpCenter,
    script: widgetScript(publicUrl, row.publicKey),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function values(body: WidgetBody) {
  return {
    name: body.name,
    enabled: body.enabled,
    allowedOrigins: body.allowedOrigins,
    style: body.style,
    title: body.title || null,
    subtitle: body.subtitle || null,
    position: body.position,
    primaryColor: body.primaryColor.toLowerCase(),
    iconType: body.iconType,
    helpCenter: body.helpCenter,
  };
}

/** The widget as its audit compares it: its channels by their names now (images change on their own). */
function auditSnapshot(row: WidgetRow, channels: WidgetChannelRow[]): AuditSnapshot<'omni-widget'> {
  return {
    name: row.name,
    enabled: row.enabled,
    allowedOrigins: row.allowedOrigins,
    channels: channels.map((channel) => ({ id: channel.id, name: channel.name })),
    style: row.style,
    title: row.title,
    subtitle: row.subtitle,
    position: row.position,
    primaryColor: row.primaryColor,
    iconType: row.iconType,
    helpCenter: row.helpCenter,
  };
}

/** Omni widgets (admin): the website buttons and web chat a business embeds with one script tag. */
export function createWidgetsService(ctx: AppContext) {
  const { db } = ctx;
  const publicUrl = ctx.config.publicUrl;

  async function view(id: number): Promise<OmniWidget> {
    const row = await widgetsRepo.find(db, id);
    if (!row) throw errors.notFound();
    return toWidget(row, (await widgetsRepo.channelsOf(db, [id])).get(id) ?? [], publicUrl);
  }

  async function storedSnapshot(tx: Executor, id: number) {
    const row = await widgetsRepo.find(tx, id);
    if (!row) throw errors.notFound();
    return auditSnapshot(row, (await widgetsRepo.channelsOf(tx, [id])).get(id) ?? []);
  }

  /** Distinct channel ids in the given order; every one must exist (422 on `channelIds` otherwise). */
  async function checkChannels(executor: Executor, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = new Set(await widgetsRepo.existingChannelIds(executor, unique));
    if (unique.some((id) => !found.has(id))) throw errors.invalidField('channelIds', 'widgets.unknownChannels');
    return unique;
  }

  return {
    async list(query: z.output<typeof widgetListQuerySchema>): Promise<Page<OmniWidget>> {
      const { rows, total } = await widgetsRepo.list(db, {
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        searchText: query.searchText || undefined,
      });
      const channels = await widgetsRepo.channelsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toWidget(row, channels.get(row.id) ?? [], publicUrl)),
        total,
        page: query.page,
        sizePerPage: query.sizePerPage,
      };
    },

    get: view,

    async create(actorUserId: number, body: WidgetBody): Promise<OmniWidget> {
      const id = await db.transaction(async (tx) => {
        const channelIds = await checkChannels(tx, body.channelIds);
        const widgetValues = values(body);
        const created = await widgetsRepo.insert(tx, { ...widgetValues, publicKey: randomToken(18) });
        await widgetsRepo.replaceChannels(tx, created, channelIds);
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'omni-widget',
          entityId: created,
          action: 'created',
          changes: diffForAudit('omni-widget', null, await storedSnapshot(tx, created)),
        });
        return created;
      });
      return view(id);
    },

    async update(actorUserId: number, id: number, body: WidgetBody): Promise<OmniWidget> {
      await db.transaction(async (tx) => {
        const current = await widgetsRepo.lock(tx, id);
        if (!current) throw errors.notFound();
        const channelIds = await checkChannels(tx, body.channelIds);
        const previous = await storedSnapshot(tx, id);
        await widgetsRepo.update(tx, id, values(body));
        await widgetsRepo.replaceChannels(tx, id, channelIds);
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'omni-widget',
          entityId: id,
          action: 'updated',
          changes: diffForAudit('omni-widget', previous, await storedSnapshot(tx, id)),
        });
      });
      return view(id);
    },

    /** Replaces (or with `null` removes) the business image or the icon image. */
    async replaceImage(
      actorUserId: number,
      id: number,
      kind: WidgetImageKind,
      upload: ImageUpload | null,
    ): Promise<OmniWidget> {
      if (!(await widgetsRepo.find(db, id))) throw errors.notFound();
      const storedPath = upload ? await ctx.storage.save(`widget/${id}`, upload.extension, upload.content) : null;
      const column = IMAGE_COLUMN[kind];
      const previous = await db.transaction(async (tx) => {
        const current = await widgetsRepo.lock(tx, id);
        if (!current) throw errors.notFound();
        await widgetsRepo.update(tx, id, { [column]: storedPath });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'omni-widget',
          entityId: id,
          action: 'image-changed',
          changes: diffForAudit(
            'omni-widget',
            { [IMAGE_FIELD[kind]]: current[column] },
            { [IMAGE_FIELD[kind]]: storedPath },
          ),
        });
        return current[column];
      });
      if (previous && previous !== storedPath) await ctx.storage.remove(previous);
      return view(id);
    },

    async audit(id: number) {
      await view(id);
      return auditRepo.list(db, 'omni-widget', id);
    },
  };
}

export type WidgetsService = ReturnType<typeof createWidgetsService>;
