import fs from 'node:fs';
import {
  fillWhatsappTemplate,
  hasPermission,
  type Page,
  quickRepliesDelivery,
  type SendWhatsappTemplate,
  WHATSAPP_MEDIA_HEADERS,
  type WhatsappMediaHeader,
  type WhatsappMediaType,
  type WhatsappTemplate,
  type WhatsappTemplateBody,
  type WhatsappTemplateContent,
  type WhatsappTemplateMediaUse,
  type WhatsappTemplateStatus,
  type WhatsappTemplateUpload,
  whatsappMediaRulesOf,
  whatsappMediaUseOf,
  whatsappTemplateText,
  whatsappVariablesOf,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { diffForAudit } from '../../platform/audit/diff.js';
import type { Actor, AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { safeFileName, sniffAttachment, sniffMedia } from '../../platform/files.js';
import { textToHtml } from '../../platform/html.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { PermanentDeliveryError } from '../interactions/adapters.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import type { OutboundPayload, StoredTemplateFile } from '../interactions/interactions.schema.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { createGraphClient, graphSettings, type TemplateSubmission } from './whatsapp.graph.js';
import {
  type WhatsappTemplateFilter,
  type WhatsappTemplateRow,
  whatsappTemplatesRepo,
} from './whatsapp-templates.repo.js';

/** Meta's review states folded into the spec's three: anything not approved or refused is still pending. */
export function statusOf(metaStatus: string): WhatsappTemplateStatus {
  const status = metaStatus.toUpperCase();
  if (status === 'APPROVED') return 'approved';
  if (['REJECTED', 'DISABLED', 'DELETED', 'PENDING_DELETION'].includes(status)) return 'rejected';
  return 'pending';
}

/** The template in Graph's component shape, as Meta reviews it (`headerHandle`: the media header's sample). */
export function submissionOf(body: WhatsappTemplateBody, headerHandle?: string): TemplateSubmission {
  const components: Record<string, unknown>[] = [];
  if (body.headerType === 'text' && body.headerText)
    components.push({ type: 'HEADER', format: 'TEXT', text: body.headerText });
  if (headerHandle && isMediaHeader(body.headerType)) {
    components.push({
      type: 'HEADER',
      format: body.headerType.toUpperCase(),
      example: { header_handle: [headerHandle] },
    });
  }
  components.push({
    type: 'BODY',
    text: body.body,
    ...(body.examples.length ? { example: { body_text: [body.examples] } } : {}),
  });
  if (body.footer) components.push({ type: 'FOOTER', text: body.footer });
  if (body.buttonsType !== 'none' && body.buttons.length) {
    components.push({
      type: 'BUTTONS',
      buttons: body.buttons.map((button) =>
        button.kind === 'url'
          ? { type: 'URL', text: button.text, url: button.url }
          : button.kind === 'phone'
            ? { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phone }
            : { type: 'QUICK_REPLY', text: button.text },
      ),
    });
  }
  return { name: body.name, language: body.language, category: body.category ?? 'UTILITY', components };
}

export const isMediaHeader = (headerType: string): headerType is WhatsappMediaHeader =>
  (WHATSAPP_MEDIA_HEADERS as readonly string[]).includes(headerType);

/** The label of the button that opens a list of more than three quick replies, in the template's language. */
const OPTIONS_LABEL: Record<string, string> = { es: 'Ver opciones', en: 'See options' };

/**
 * A chat template, filled, as WhatsApp's session message: text (with quick replies as reply buttons, a list, or
 * numbered options, by how many there are), the media with its caption, or the interactive buttons or list. Reply
 * ids carry the option's number, so a tap is recognised whatever its title.
 */
export function sessionMessageOf(
  template: WhatsappTemplateContent & { language: string; mediaType: string | null },
  values: readonly string[],
  file: StoredTemplateFile | null,
): NonNullable<OutboundPayload['whatsappMessage']> {
  const body = fillWhatsappTemplate(template.body, values);
  if (template.type === 'media') {
    if (!file) throw new Error('a media template without its file');
    return { type: 'media', mediaType: (template.mediaType ?? 'file') as WhatsappMediaType, file, caption: body };
  }
  const header =
    template.headerType === 'text' && template.headerText ? { type: 'text', text: template.headerText } : null;
  const frame = {
    ...(header ? { header } : {}),
    body: { text: body },
    ...(template.footer ? { footer: { text: template.footer } } : {}),
  };
  const buttons = (titles: readonly string[]) => ({
    type: 'button',
    ...frame,
    action: { buttons: titles.map((title, index) => ({ type: 'reply', reply: { id: `opt:${index + 1}`, title } })) },
  });
  // Options are numbered across sections: the reply's id says which one was tapped.
  const list = (button: string, sections: WhatsappTemplateContent['sections']) => {
    let number = 0;
    return {
      type: 'list',
      ...frame,
      action: {
        button,
        sections: sections.map((section) => ({
          ...(section.title ? { title: section.title } : {}),
          rows: section.options.map((option) => {
            number += 1;
            return {
              id: `opt:${number}`,
              title: option.title,
              ...(option.description ? { description: option.description } : {}),
            };
          }),
        })),
      },
    };
  };
  const optionsLabel = OPTIONS_LABEL[template.language] ?? OPTIONS_LABEL.es;
  if (template.type === 'interactive') {
    return {
      type: 'interactive',
      interactive:
        template.interactiveType === 'buttons'
          ? buttons(template.replyButtons)
          : list(template.listButton ?? optionsLabel, template.sections),
    };
  }
  const delivery = quickRepliesDelivery(template.quickReplies.length);
  if (delivery === 'buttons') return { type: 'interactive', interactive: buttons(template.quickReplies) };
  if (delivery === 'list') {
    const options = template.quickReplies.map((title) => ({ title, description: '' }));
    return { type: 'interactive', interactive: list(optionsLabel, [{ title: '', options }]) };
  }
  // No quick replies, or more than a list holds: the text with its numbered options, as the conversation shows it.
  return { type: 'text', body: whatsappTemplateText(template, values) };
}

const templateErrors = {
  channel: () => errors.invalidField('channelId', 'whatsappTemplates.notWhatsapp'),
  duplicate: () => errors.duplicate('WHATSAPP_TEMPLATE.DUPLICATE', 'name', 'whatsappTemplates.duplicate'),
  /** Meta's refusal in our words with Graph's code (its text is only logged), or the channel's own problem. */
  refused: ({ problem }: PermanentDeliveryError) =>
    problem && problem.key !== 'channelProblems.failed'
      ? new AppError(422, 'WHATSAPP_TEMPLATE.REFUSED', problem.key, problem.params)
      : new AppError(422, 'WHATSAPP_TEMPLATE.REFUSED', 'whatsappTemplates.refused', {
          code: problem?.params.code ?? '?',
        }),
  unreachable: () => new AppError(502, 'WHATSAPP.UNREACHABLE', 'whatsappTemplates.unreachable'),
  notApproved: () => new AppError(409, 'WHATSAPP_TEMPLATE.NOT_APPROVED', 'whatsappTemplates.notApproved'),
  fileType: (use: WhatsappTemplateMediaUse) =>
    new AppError(415, 'UPLOAD.TYPE', 'whatsappTemplates.fileType', {
      types: whatsappMediaRulesOf(use)
        .contentTypes.map((type) => type.split('/')[1])
        .join(', '),
    }),
  fileTooLarge: (use: WhatsappTemplateMediaUse) =>
    new AppError(413, 'UPLOAD.TOO_LARGE', 'whatsappTemplates.fileTooLarge', {
      max: Math.round(whatsappMediaRulesOf(use).maxBytes / 1024 / 1024),
    }),
  mediaMissing: () => errors.invalidField('media', 'whatsappTemplates.mediaMissing'),
  appId: () => errors.invalidField('media', 'whatsappTemplates.appIdRequired'),
};

const MEDIA_READERS = [
  'ver-plantilla-mensaje',
  'ver-menu-plantillas-mensaje',
  'ver-caso',
  'agregar-mensaje-masivo',
  'ver-mensaje-masivo',
] as const;

/** Uploaded template files live here; the key a form gets back is the stored path itself. */
const MEDIA_FOLDER = 'plantillas-whatsapp';

/** What a template file really is, by content: audio and video first, then the attachment rules. */
export function sniffTemplateFile(content: Buffer, filename: string) {
  return sniffMedia(content) ?? sniffAttachment(content, filename);
}

/** The content type without parameters (`text/plain; charset=utf-8` is `text/plain` for WhatsApp's lists). */
const bareType = (contentType: string) => contentType.split(';')[0].trim();

/** A Graph call on behalf of an admin: Meta's refusals become 422 with its code, anything else 502. */
async function callMeta<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PermanentDeliveryError) throw templateErrors.refused(error);
    throw templateErrors.unreachable();
  }
}

/**
 * WhatsApp templates: created here and submitted to Meta at once (nothing is stored when Meta refuses or cannot be
 * reached), then followed by Meta's status webhook or a manual check; sent by agents on WhatsApp conversations,
 * also after the 24-hour window, through the outbound job.
 */
export function createWhatsappTemplatesService(ctx: AppContext, outbound: OutboundService) {
  const { db } = ctx;

  async function toTemplates(rows: WhatsappTemplateRow[]): Promise<WhatsappTemplate[]> {
    const names = await whatsappTemplatesRepo.namesOf(db, rows);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      channel: { id: row.channelId, name: names.channels.get(row.channelId) ?? '' },
      type: row.type as WhatsappTemplate['type'],
      category: row.category as WhatsappTemplate['category'],
      language: row.language as WhatsappTemplate['language'],
      headerType: row.headerType as WhatsappTemplate['headerType'],
      headerText: row.headerText,
      media:
        row.mediaPath && row.mediaFilename
          ? {
              filename: row.mediaFilename,
              contentType: row.mediaContentType ?? 'application/octet-stream',
              size: row.mediaSize ?? 0,
              url: `whatsapp-templates/${row.id}/media`,
            }
          : null,
      mediaType: row.mediaType as WhatsappTemplate['mediaType'],
      body: row.body,
      footer: row.footer,
      examples: row.examples,
      buttonsType: row.buttonsType as WhatsappTemplate['buttonsType'],
      buttons: row.buttons,
      quickReplies: row.quickReplies,
      interactiveType: row.interactiveType as WhatsappTemplate['interactiveType'],
      replyButtons: row.replyButtons,
      listButton: row.listButton,
      sections: row.sections,
      status: row.status as WhatsappTemplateStatus,
      rejectionReason: row.rejectionReason,
      providerTemplateId: row.providerTemplateId,
      variables: whatsappVariablesOf(row.body).length,
      sessionOnly: row.type !== 'template',
      createdBy: row.createdBy ? { id: row.createdBy, nombre: names.users.get(row.createdBy) ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  /** The uploaded file a template names, checked again for the use the template gives it. */
  async function uploadedFile(body: WhatsappTemplateBody) {
    const use = whatsappMediaUseOf(body);
    if (!use) return null;
    if (!body.media) throw errors.invalidField('media', 'whatsappTemplates.mediaRequired');
    const absolute = ctx.storage.absolutePath(body.media.key);
    const content = absolute ? await fs.promises.readFile(absolute).catch(() => null) : null;
    if (!content) throw templateErrors.mediaMissing();
    const kind = sniffTemplateFile(content, body.media.filename);
    const rules = whatsappMediaRulesOf(use);
    // The same checks as the upload: a file uploaded for another use (a video for an image header) is refused.
    if (!kind || !rules.contentTypes.includes(bareType(kind.contentType))) throw templateErrors.fileType(use);
    if (content.length > rules.maxBytes) throw templateErrors.fileTooLarge(use);
    return {
      content,
      path: body.media.key,
      filename: safeFileName(body.media.filename, kind.extension),
      contentType: bareType(kind.contentType),
    };
  }

  /** The stored file of a template row, as the outbound payload carries it. */
  const storedFileOf = (row: WhatsappTemplateRow): StoredTemplateFile | null =>
    row.mediaPath
      ? {
          path: row.mediaPath,
          filename: row.mediaFilename ?? 'archivo',
          contentType: row.mediaContentType ?? 'application/octet-stream',
        }
      : null;

  async function view(id: number): Promise<WhatsappTemplate> {
    const row = await whatsappTemplatesRepo.find(db, id);
    if (!row) throw errors.notFound();
    return (await toTemplates([row]))[0];
  }

  async function whatsappChannel(channelId: number) {
    const channel = await channelsRepo.find(db, channelId);
    if (channel?.type !== 'whatsapp') throw templateErrors.channel();
    return channel;
  }

  return {
    async list(filter: WhatsappTemplateFilter): Promise<Page<WhatsappTemplate> & { totalCapped: boolean }> {
      const { rows, total, capped } = await whatsappTemplatesRepo.list(db, filter);
      return {
        data: await toTemplates(rows),
        total,
        totalCapped: capped,
        page: filter.page,
        sizePerPage: filter.sizePerPage,
      };
    },

    get: view,

    /** Keeps a file for a template being written (checked by content for its use); the form then names its key. */
    async upload(
      use: WhatsappTemplateMediaUse,
      file: { content: Buffer; filename: string },
    ): Promise<WhatsappTemplateUpload> {
      const rules = whatsappMediaRulesOf(use);
      const kind = sniffTemplateFile(file.content, file.filename);
      if (!kind || !rules.contentTypes.includes(bareType(kind.contentType))) throw templateErrors.fileType(use);
      if (file.content.length > rules.maxBytes) throw templateErrors.fileTooLarge(use);
      const key = await ctx.storage.save(MEDIA_FOLDER, kind.extension, file.content);
      return {
        key,
        filename: safeFileName(file.filename, kind.extension),
        contentType: bareType(kind.contentType),
        size: file.content.length,
      };
    },

    /** The template's file, for those who see templates: their authors, agents (composer) and bulk's authors. */
    async mediaFile(actor: Actor, id: number) {
      if (!MEDIA_READERS.some((permission) => hasPermission(actor.permissions, permission))) throw errors.forbidden();
      const row = await whatsappTemplatesRepo.find(db, id);
      const absolute = row?.mediaPath ? ctx.storage.absolutePath(row.mediaPath) : null;
      if (!row || !absolute || !fs.existsSync(absolute)) throw errors.notFound();
      return {
        name: row.mediaFilename ?? 'archivo',
        contentType: row.mediaContentType ?? 'application/octet-stream',
        stream: fs.createReadStream(absolute),
      };
    },

    /**
     * A message template is submitted to Meta at once (nothing is stored when Meta refuses or cannot be reached; a
     * media header's sample goes first through the resumable upload); a chat type is ready at once, as approved.
     */
    async create(actorId: number, body: WhatsappTemplateBody): Promise<WhatsappTemplate> {
      const channel = await whatsappChannel(body.channelId);
      if (await whatsappTemplatesRepo.findByName(db, channel.id, body.name, body.language)) {
        throw templateErrors.duplicate();
      }
      const file = await uploadedFile(body);
      let submitted: { id: string | null; status: string } = { id: null, status: 'APPROVED' };
      if (body.type === 'template') {
        const graph = createGraphClient(ctx.outbound, graphSettings(channel.config, channel.secrets));
        const appId = typeof channel.config.appId === 'string' ? channel.config.appId.trim() : '';
        if (file && !appId) throw templateErrors.appId();
        const handle = file
          ? await callMeta(() => graph.uploadForReview(appId, file.content, file.contentType, file.filename))
          : undefined;
        const businessAccountId =
          typeof channel.config.businessAccountId === 'string' ? channel.config.businessAccountId : '';
        submitted = await callMeta(() => graph.submitTemplate(businessAccountId, submissionOf(body, handle)));
      }
      const isTemplate = body.type === 'template';
      const isInteractive = body.type === 'interactive';
      const id = await db.transaction(async (tx) => {
        const inserted = await whatsappTemplatesRepo.insert(tx, {
          channelId: channel.id,
          name: body.name,
          language: body.language,
          type: body.type,
          category: isTemplate ? (body.category ?? null) : null,
          headerType: isTemplate || isInteractive ? body.headerType : 'none',
          headerText: body.headerType === 'text' && (isTemplate || isInteractive) ? (body.headerText ?? null) : null,
          mediaPath: file?.path ?? null,
          mediaFilename: file?.filename ?? null,
          mediaContentType: file?.contentType ?? null,
          mediaSize: file?.content.length ?? null,
          mediaType: body.type === 'media' ? (body.mediaType ?? null) : null,
          body: body.body,
          footer: (isTemplate || isInteractive) && body.footer ? body.footer : null,
          examples: body.examples,
          buttonsType: isTemplate ? body.buttonsType : 'none',
          buttons: isTemplate && body.buttonsType !== 'none' ? body.buttons : [],
          quickReplies: body.type === 'text' ? body.quickReplies : [],
          interactiveType: isInteractive ? (body.interactiveType ?? null) : null,
          replyButtons: isInteractive && body.interactiveType === 'buttons' ? body.replyButtons : [],
          listButton: isInteractive && body.interactiveType === 'list' ? (body.listButton ?? null) : null,
          sections: isInteractive && body.interactiveType === 'list' ? body.sections : [],
          status: statusOf(submitted.status),
          providerTemplateId: submitted.id,
          createdBy: actorId,
        });
        await auditRepo.record(tx, {
          actorUserId: actorId,
          entity: 'whatsapp-template',
          entityId: inserted,
          action: isTemplate ? 'submitted' : 'created',
          changes: diffForAudit('whatsapp-template', null, {
            name: body.name,
            type: body.type,
            language: body.language,
            category: body.category ?? null,
            providerTemplateId: submitted.id,
          }),
        });
        return inserted;
      });
      return view(id);
    },

    /** Asks Meta for the template's review now (the status webhook may be delayed or not subscribed). */
    async sync(id: number): Promise<WhatsappTemplate> {
      const row = await whatsappTemplatesRepo.find(db, id);
      if (!row?.providerTemplateId) throw errors.notFound();
      const channel = await whatsappChannel(row.channelId);
      const review = await callMeta(() =>
        createGraphClient(ctx.outbound, graphSettings(channel.config, channel.secrets)).templateStatus(
          row.providerTemplateId ?? '',
        ),
      );
      const status = statusOf(review.status);
      await whatsappTemplatesRepo.setStatus(db, id, status, status === 'rejected' ? review.reason : null);
      return view(id);
    },

    /**
     * Meta's `message_template_status_update` for a template of the channel: `known` false for templates that are
     * not the channel's (the webhook logs them), `updated` when the review changed the template.
     */
    async reviewed(channelId: number, update: { providerTemplateId: string; event: string; reason: string | null }) {
      const row = await whatsappTemplatesRepo.findByProviderId(db, channelId, update.providerTemplateId);
      if (!row) return { known: false, updated: false };
      const status = statusOf(update.event);
      const reason = status === 'rejected' && update.reason && update.reason !== 'NONE' ? update.reason : null;
      return { known: true, updated: await whatsappTemplatesRepo.setStatus(db, row.id, status, reason) };
    },

    /** The approved templates an agent may send on this conversation of a visible ticket. */
    async offered(actor: AuthContext, ticketId: number, interactionId?: number): Promise<WhatsappTemplate[]> {
      const ticket = await ticketsRepo.findVisible(db, ticketScopeOf(actor), { id: ticketId });
      if (!ticket) throw errors.notFound();
      const interaction = interactionId
        ? await interactionsRepo.interaction(db, interactionId)
        : await interactionsRepo.latestInteraction(db, ticketId);
      if (!interaction || interaction.ticketId !== ticketId) return [];
      return toTemplates(await whatsappTemplatesRepo.approvedOf(db, interaction.channelId));
    },

    /**
     * Sends an approved template with its values; the conversation shows the filled text, and the file of a media
     * header or media template as the message's attachment (a copy kept with the ticket's files). Chat types go
     * out only inside the conversation's window.
     */
    async send(actor: AuthContext, ticketId: number, body: SendWhatsappTemplate) {
      return outbound.answer(actor, ticketId, body.interactionId, async (tx, interaction) => {
        const template = await whatsappTemplatesRepo.find(tx, body.templateId);
        if (!template || template.channelId !== interaction.channelId) {
          throw errors.invalidField('templateId', 'whatsappTemplates.notForConversation');
        }
        if (template.status !== 'approved') throw templateErrors.notApproved();
        const needed = whatsappVariablesOf(template.body).length;
        if (body.variables.length !== needed) {
          throw errors.invalidField('variables', 'whatsappTemplates.variablesCount');
        }
        if (template.type !== 'template') await outbound.assertReplyAccepted(tx, interaction, false);
        const content = contentOf(template);
        const text = whatsappTemplateText(content, body.variables);
        const file = storedFileOf(template);
        const attachments = file
          ? [await keepForTicket(tx, ticketId, actor.userId, file, template.mediaSize ?? 0)]
          : [];
        const outboundPayload: OutboundPayload =
          template.type === 'template'
            ? {
                whatsappTemplate: {
                  name: template.name,
                  language: template.language,
                  variables: body.variables,
                  ...(file && isMediaHeader(template.headerType)
                    ? { header: { type: template.headerType, ...file } }
                    : {}),
                },
              }
            : {
                whatsappMessage: sessionMessageOf(
                  { ...content, language: template.language, mediaType: template.mediaType },
                  body.variables,
                  file,
                ),
              };
        return { html: textToHtml(text), text, attachments, outboundPayload };
      });
    },
  };

  /** A copy of the template's file among the ticket's attachments, so the conversation shows what was sent. */
  async function keepForTicket(tx: Executor, ticketId: number, userId: number, file: StoredTemplateFile, size: number) {
    const absolute = ctx.storage.absolutePath(file.path);
    const content = absolute ? await fs.promises.readFile(absolute).catch(() => null) : null;
    if (!content) throw templateErrors.mediaMissing();
    const extension = file.path.split('.').pop() ?? 'bin';
    const storedPath = await ctx.storage.save(`tickets/${ticketId}`, extension, content);
    const attachmentId = await ticketsRepo.insertAttachment(tx, {
      ticketId,
      fileName: file.filename,
      storedPath,
      contentType: file.contentType,
      size: size || content.length,
      uploadedBy: userId,
    });
    return { attachmentId, name: file.filename, path: storedPath, contentType: file.contentType, size: content.length };
  }
}

/** The parts of a stored template its text and previews are made of. */
export function contentOf(row: WhatsappTemplateRow): WhatsappTemplateContent {
  return {
    type: row.type as WhatsappTemplateContent['type'],
    headerType: row.headerType as WhatsappTemplateContent['headerType'],
    headerText: row.headerText,
    body: row.body,
    footer: row.footer,
    buttons: row.buttons,
    quickReplies: row.quickReplies,
    interactiveType: row.interactiveType as WhatsappTemplateContent['interactiveType'],
    replyButtons: row.replyButtons,
    listButton: row.listButton,
    sections: row.sections,
  };
}

export type WhatsappTemplatesService = ReturnType<typeof createWhatsappTemplatesService>;
