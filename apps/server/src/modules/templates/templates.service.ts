import {
  type ChannelTypeKey,
  fillTemplate,
  type MessageTemplate,
  type OfferedTemplate,
  type Page,
  type TemplateBody,
  type TemplateVariable,
  type templateListQuerySchema,
} from '@atiende/contracts';
import type { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { errors } from '../../platform/http/errors.js';
import { searchable } from '../../platform/text.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { customersRepo, fullName } from '../customers/customers.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { type TemplateRow, type TicketFillContext, templatesRepo } from './templates.repo.js';

/** At most this many templates are offered for one ticket (the picker searches them in the browser). */
export const OFFERED_LIMIT = 200;

const AUDIT_ENTITY = 'message_template' as const;

function toTemplate(row: TemplateRow, campaigns: { id: number; name: string }[]): MessageTemplate {
  return {
    id: row.id,
    name: row.name,
    channelType: row.channelType as ChannelTypeKey | null,
    body: row.body,
    allCampaigns: row.allCampaigns,
    campaigns: row.allCampaigns ? [] : campaigns,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a body, and the campaigns it is limited to (none when available to all). */
function valuesOf(body: TemplateBody) {
  const campaignIds = body.allCampaigns ? [] : [...new Set(body.campaignIds)].sort((a, b) => a - b);
  return {
    values: {
      name: body.name,
      channelType: body.channelType,
      body: body.body,
      allCampaigns: body.allCampaigns,
      enabled: body.enabled,
    },
    campaignIds,
  };
}

export function createTemplatesService(ctx: AppContext) {
  const { db } = ctx;

  /** The variables of a ticket's templates, from its customer, campaign and the business (the agent's left empty). */
  async function variablesOf(context: TicketFillContext): Promise<Record<TemplateVariable, string>> {
    const [contacts, businessName] = await Promise.all([
      customersRepo.mainContactsOf(db, [context.customer.id]),
      templatesRepo.businessName(db),
    ]);
    const { customer } = context;
    const contact = contacts.get(customer.id) ?? {};
    return {
      'cliente.nombre': customer.firstName,
      'cliente.apellido': [customer.lastName, customer.secondLastName].filter(Boolean).join(' '),
      'cliente.nombre_completo': fullName(customer),
      'cliente.documento': customer.identificationNumber,
      'cliente.correo': contact.email ?? '',
      'cliente.telefono': contact.phone ?? '',
      'agente.nombre': '',
      'caso.numero': String(context.ticketNumber),
      'campana.nombre': context.campaignName,
      'empresa.nombre': businessName ?? '',
    };
  }

  async function view(id: number): Promise<MessageTemplate> {
    const row = await templatesRepo.find(db, id);
    if (!row) throw errors.notFound();
    return toTemplate(row, (await templatesRepo.campaignsOf(db, [id])).get(id) ?? []);
  }

  /** The template as its audit compares it, read in the transaction: its campaigns by their names now. */
  async function auditSnapshot(tx: Executor, id: number): Promise<AuditSnapshot<'message_template'>> {
    const row = await templatesRepo.find(tx, id);
    if (!row) throw errors.notFound();
    return {
      name: row.name,
      channelType: row.channelType,
      allCampaigns: row.allCampaigns,
      campaigns: (await templatesRepo.campaignsOf(tx, [id])).get(id) ?? [],
      body: row.body,
      enabled: row.enabled,
    };
  }

  async function checkCampaigns(tx: Executor, ids: number[]) {
    if ((await templatesRepo.existingCampaignIds(tx, ids)).length !== ids.length) {
      throw errors.invalidField('campaignIds', 'templates.unknownCampaigns');
    }
  }

  return {
    async list(
      query: z.output<typeof templateListQuerySchema>,
    ): Promise<Page<MessageTemplate> & { totalCapped: boolean }> {
      const search = query.searchText ? searchable(query.searchText) : '';
      const { rows, total, capped } = await templatesRepo.list(db, {
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        search: search || undefined,
        channelType: query.channelType,
        campaignId: query.campaignId,
      });
      const related = await templatesRepo.campaignsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toTemplate(row, related.get(row.id) ?? [])),
        total,
        totalCapped: capped,
        page: query.page,
        sizePerPage: query.sizePerPage,
      };
    },

    get: view,

    async create(actorUserId: number, body: TemplateBody): Promise<MessageTemplate> {
      const { values, campaignIds } = valuesOf(body);
      const id = await db.transaction(async (tx) => {
        await checkCampaigns(tx, campaignIds);
        const created = await templatesRepo.insert(tx, { ...values, createdBy: actorUserId });
        await templatesRepo.replaceCampaigns(tx, created, campaignIds);
        await auditRepo.record(tx, {
          actorUserId,
          entity: AUDIT_ENTITY,
          entityId: created,
          action: 'created',
          changes: diffForAudit(AUDIT_ENTITY, null, await auditSnapshot(tx, created)),
        });
        return created;
      });
      return view(id);
    },

    async update(actorUserId: number, id: number, body: TemplateBody): Promise<MessageTemplate> {
      const { values, campaignIds } = valuesOf(body);
      await db.transaction(async (tx) => {
        const current = await templatesRepo.lock(tx, id);
        if (!current) throw errors.notFound();
        await checkCampaigns(tx, campaignIds);
        const previous = await auditSnapshot(tx, id);
        await templatesRepo.update(tx, id, values);
        await templatesRepo.replaceCampaigns(tx, id, campaignIds);
        await auditRepo.record(tx, {
          actorUserId,
          entity: AUDIT_ENTITY,
          entityId: id,
          action: 'updated',
          changes: diffForAudit(AUDIT_ENTITY, previous, await auditSnapshot(tx, id)),
        });
      });
      return view(id);
    },

    async audit(id: number) {
      await view(id);
      return auditRepo.list(db, AUDIT_ENTITY, id);
    },

    /**
     * A template filled for a ticket by the system (a business rule's action): null when the template is not offered
     * to the ticket's campaign and channel (disabled, another campaign, another channel type). No agent: the
     * agent's name is the assignee's, or empty.
     */
    async filledForTicket(ticketId: number, templateId: number): Promise<string | null> {
      const context = await templatesRepo.fillContext(db, ticketId);
      if (!context) return null;
      const row = await templatesRepo.offeredOne(db, {
        templateId,
        campaignId: context.campaignId,
        channelType: context.channelType,
      });
      if (!row) return null;
      const ticket = await ticketsRepo.findVisible(db, { kind: 'all' }, { id: ticketId });
      const values = await variablesOf(context);
      values['agente.nombre'] = ticket?.assignedUserId
        ? ((await templatesRepo.userName(db, ticket.assignedUserId)) ?? '')
        : '';
      return fillTemplate(row.body, values);
    },

    /**
     * The enabled templates the actor may insert in a ticket they can see (else 404, as every ticket route),
     * each with its variables filled from the ticket's customer, the actor, the campaign and the business.
     */
    async offered(actor: AuthContext, ticketId: number): Promise<OfferedTemplate[]> {
      const ticket = await ticketsRepo.findVisible(db, ticketScopeOf(actor), { id: ticketId });
      if (!ticket) throw errors.notFound();
      const context = await templatesRepo.fillContext(db, ticket.id);
      if (!context) throw errors.notFound();
      const [rows, agentName, values] = await Promise.all([
        templatesRepo.offered(db, {
          campaignId: context.campaignId,
          channelType: context.channelType,
          limit: OFFERED_LIMIT,
        }),
        templatesRepo.userName(db, actor.userId),
        variablesOf(context),
      ]);
      values['agente.nombre'] = agentName ?? '';
      const related = await templatesRepo.campaignsOf(
        db,
        rows.filter((row) => !row.allCampaigns).map((row) => row.id),
      );
      return rows.map((row) => ({
        ...toTemplate(row, related.get(row.id) ?? []),
        filled: fillTemplate(row.body, values),
      }));
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
