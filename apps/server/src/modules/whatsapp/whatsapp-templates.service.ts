import {
  fillWhatsappTemplate,
  type Page,
  type SendWhatsappTemplate,
  type WhatsappTemplate,
  type WhatsappTemplateBody,
  type WhatsappTemplateStatus,
  whatsappVariablesOf,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { textToHtml } from '../../platform/html.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { PermanentDeliveryError } from '../interactions/adapters.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
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

/** The template in Graph's component shape, as Meta reviews it. */
export function submissionOf(body: WhatsappTemplateBody): TemplateSubmission {
  const components: Record<string, unknown>[] = [];
  if (body.headerType === 'text' && body.headerText)
    components.push({ type: 'HEADER', format: 'TEXT', text: body.headerText });
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
  return { name: body.name, language: body.language, category: body.category, components };
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
};

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
      category: row.category as WhatsappTemplate['category'],
      language: row.language as WhatsappTemplate['language'],
      headerType: row.headerType as WhatsappTemplate['headerType'],
      headerText: row.headerText,
      body: row.body,
      footer: row.footer,
      examples: row.examples,
      buttonsType: row.buttonsType as WhatsappTemplate['buttonsType'],
      buttons: row.buttons,
      status: row.status as WhatsappTemplateStatus,
      rejectionReason: row.rejectionReason,
      providerTemplateId: row.providerTemplateId,
      variables: whatsappVariablesOf(row.body).length,
      createdBy: row.createdBy ? { id: row.createdBy, nombre: names.users.get(row.createdBy) ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

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

    async create(actorId: number, body: WhatsappTemplateBody): Promise<WhatsappTemplate> {
      const channel = await whatsappChannel(body.channelId);
      if (await whatsappTemplatesRepo.findByName(db, channel.id, body.name, body.language)) {
        throw templateErrors.duplicate();
      }
      const businessAccountId =
        typeof channel.config.businessAccountId === 'string' ? channel.config.businessAccountId : '';
      const submitted = await callMeta(() =>
        createGraphClient(ctx.outbound, graphSettings(channel.config, channel.secrets)).submitTemplate(
          businessAccountId,
          submissionOf(body),
        ),
      );
      const id = await db.transaction(async (tx) => {
        const inserted = await whatsappTemplatesRepo.insert(tx, {
          channelId: channel.id,
          name: body.name,
          language: body.language,
          category: body.category,
          headerType: body.headerType,
          headerText: body.headerType === 'text' ? (body.headerText ?? null) : null,
          body: body.body,
          footer: body.footer || null,
          examples: body.examples,
          buttonsType: body.buttonsType,
          buttons: body.buttonsType === 'none' ? [] : body.buttons,
          status: statusOf(submitted.status),
          providerTemplateId: submitted.id,
          createdBy: actorId,
        });
        await auditRepo.record(tx, {
          actorUserId: actorId,
          entity: 'whatsapp-template',
          entityId: inserted,
          action: 'submitted',
          changes: diffForAudit('whatsapp-template', null, {
            name: body.name,
            language: body.language,
            category: body.category,
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

    /** Sends an approved template with its values; the conversation shows the filled text. */
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
        const text = [template.headerText, fillWhatsappTemplate(template.body, body.variables), template.footer]
          .filter(Boolean)
          .join('\n\n');
        return {
          html: textToHtml(text),
          text,
          outboundPayload: {
            whatsappTemplate: { name: template.name, language: template.language, variables: body.variables },
          },
        };
      });
    },
  };
}

export type WhatsappTemplatesService = ReturnType<typeof createWhatsappTemplatesService>;
