import { TICKET_STATUS, type Ticket } from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { auditFacts, diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { safeFileName, sniffAttachment } from '../../platform/files.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { searchable } from '../../platform/text.js';
import { customerScopeOf } from '../../policies/customers.js';
import { mayOpenTicketIn, ticketScopeOf } from '../../policies/tickets.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { customersRepo, fullName } from '../customers/customers.repo.js';
import { invalidTransition, type TaskInput, type TicketCore } from './tickets.core.js';
import { type TicketRow, ticketsRepo } from './tickets.repo.js';

/** The work on a ticket: creating and editing it, tasks, notes, files. */
export function createTicketWork(ctx: AppContext, core: TicketCore) {
  const { db } = ctx;
  const { announce, visible, validateTask, recordTask, view } = core;
  /** After commit: business rules hear that a task was added (the form's values are in the record they read). */
  const taskCreated = (ticket: Pick<TicketRow, 'id' | 'campaignId'>) =>
    ctx.events.emit('ticket.activity', {
      ticketId: ticket.id,
      campaignId: ticket.campaignId,
      activity: 'taskCreated',
      changedFields: ['task.count', 'task.lastAt'],
    });
  return {
    async create(
      actor: AuthContext,
      body: {
        campaignId: number;
        customerId: number;
        typeId?: number | null;
        priority: number;
        description: string;
        assignedUserId?: number | null;
        task?: TaskInput | null;
      },
      locale: 'es' | 'en',
    ): Promise<Ticket> {
      const customerScope = await customerScopeOf(db, actor);
      const created = await db.transaction(async (tx) => {
        const campaign = await campaignsRepo.find(tx, body.campaignId);
        if (!campaign) throw errors.invalidField('campaignId', 'tickets.unknownCampaign');
        if (!(await mayOpenTicketIn(tx, actor, campaign.id))) {
          throw errors.invalidField('campaignId', 'tickets.notInCampaign');
        }
        // Only a customer the actor may see (the picker's list): a ticket must not open a way to someone else's.
        const customer = await customersRepo.findVisible(tx, customerScope, body.customerId);
        if (!customer) throw errors.invalidField('customerId', 'tickets.unknownCustomer');
        if (body.typeId && !(await cataloguesRepo.find(tx, 'tipo-caso', body.typeId))) {
          throw errors.invalidField('typeId', 'tickets.unknownType');
        }
        if (campaign.config.ticketCombination !== 'none') {
          const open = await ticketsRepo.openForCustomer(tx, campaign.id, customer.id, null);
          if (open) throw new AppError(409, 'TICKET.DUPLICATE', 'tickets.duplicate', { number: open.number });
        }
        const assignedUserId = body.assignedUserId ?? actor.userId;
        const taskValues = body.task ? await validateTask(tx, campaign.id, body.task, locale, 'task.') : null;
        const ticket = await ticketsRepo.insert(tx, {
          campaignId: campaign.id,
          customerId: customer.id,
          typeId: body.typeId ?? null,
          priority: body.priority,
          description: body.description,
          assignedUserId,
          searchText: searchable(body.description, fullName(customer), customer.identificationNumber),
          createdBy: actor.userId,
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: ticket.id,
          action: 'created',
        });
        if (body.task && taskValues) await recordTask(tx, actor, ticket, body.task, taskValues);
        return ticket;
      });
      await announce('nuevo', created);
      return view(actor, created.id);
    },
    async update(
      actor: AuthContext,
      id: number,
      body: { typeId?: number | null; priority: number; description: string },
    ) {
      const before = await db.transaction(async (tx) => {
        const ticket = await visible(tx, actor, id, true);
        if (ticket.status === TICKET_STATUS.closed) throw invalidTransition();
        if (body.typeId && !(await cataloguesRepo.find(tx, 'tipo-caso', body.typeId))) {
          throw errors.invalidField('typeId', 'tickets.unknownType');
        }
        const customer = await customersRepo.findRow(tx, ticket.customerId);
        const types = await cataloguesRepo.refs(
          tx,
          [ticket.typeId, body.typeId].flatMap((typeId) => typeId ?? []),
        );
        const typeOf = (typeId: number | null | undefined) => types.find((type) => type.id === typeId) ?? null;
        await ticketsRepo.update(tx, id, {
          typeId: body.typeId ?? null,
          priority: body.priority,
          description: body.description,
          searchText: searchable(body.description, customer ? fullName(customer) : '', customer?.identificationNumber),
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: id,
          action: 'updated',
          changes: diffForAudit(
            'ticket',
            { type: typeOf(ticket.typeId), priority: ticket.priority, description: ticket.description },
            { type: typeOf(body.typeId), priority: body.priority, description: body.description },
          ),
        });
        return ticket;
      });
      const changedFields = [
        ...((before.typeId ?? null) !== (body.typeId ?? null) ? ['ticket.typeId'] : []),
        ...(before.priority !== body.priority ? ['ticket.priority'] : []),
        ...(before.description !== body.description ? ['ticket.description'] : []),
      ];
      if (changedFields.length) {
        await ctx.events.emit('ticket.activity', {
          ticketId: id,
          campaignId: before.campaignId,
          activity: 'ticketUpdated',
          changedFields,
        });
      }
      return view(actor, id);
    },
    async addTask(actor: AuthContext, id: number, input: TaskInput, locale: 'es' | 'en'): Promise<Ticket> {
      const { ticket, opened } = await db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        if (row.status === TICKET_STATUS.closed) throw invalidTransition();
        const values = await validateTask(tx, row.campaignId, input, locale);
        return { ticket: row, opened: await recordTask(tx, actor, row, input, values) };
      });
      if (opened) await announce('abierto', ticket);
      await taskCreated(ticket);
      return view(actor, id);
    },
    /** One task per selected ticket, all in one transaction: one invalid ticket saves none. */
    async addTaskToMany(actor: AuthContext, ticketIds: number[], input: TaskInput, locale: 'es' | 'en') {
      const opened = await db.transaction(async (tx) => {
        const openedTickets: TicketRow[] = [];
        const tasked: TicketRow[] = [];
        for (const [index, id] of [...new Set(ticketIds)].entries()) {
          const row = await ticketsRepo.findVisible(tx, ticketScopeOf(actor), { id }, true);
          if (!row) throw errors.invalidField(`ticketIds.${index}`, 'tickets.unknownTicket');
          if (row.status === TICKET_STATUS.closed)
            throw errors.invalidField(`ticketIds.${index}`, 'tickets.closedTicket');
          const values = await validateTask(tx, row.campaignId, input, locale);
          if (await recordTask(tx, actor, row, input, values)) openedTickets.push(row);
          tasked.push(row);
        }
        return { openedTickets, tasked };
      });
      for (const row of opened.openedTickets) await announce('abierto', row);
      for (const row of opened.tasked) await taskCreated(row);
      return { created: new Set(ticketIds).size };
    },
    async addNote(actor: AuthContext, id: number, body: string): Promise<Ticket> {
      await db.transaction(async (tx) => {
        const ticket = await visible(tx, actor, id, true);
        if (ticket.status === TICKET_STATUS.closed) throw invalidTransition();
        await ticketsRepo.insertNote(tx, { ticketId: id, authorId: actor.userId, body });
        await auditRepo.record(tx, { actorUserId: actor.userId, entity: 'ticket', entityId: id, action: 'note-added' });
      });
      return view(actor, id);
    },
    /**
     * Files checked by content and size, stored under tickets/{id}/ with a safe name. The file is read (`readFile`,
     * from the route) only once the ticket is known to be visible and open.
     */
    async attach(actor: AuthContext, id: number, readFile: () => Promise<UploadedFile>): Promise<Ticket> {
      const ticket = await visible(db, actor, id);
      if (ticket.status === TICKET_STATUS.closed) throw invalidTransition();
      const { content, filename } = await readFile();
      const kind = sniffAttachment(content, filename);
      if (!kind) throw new AppError(415, 'UPLOAD.TYPE', 'tickets.attachmentType');
      const storedPath = await ctx.storage.save(`tickets/${id}`, kind.extension, content);
      await db.transaction(async (tx) => {
        if (!(await visible(tx, actor, id, true))) throw errors.notFound();
        const fileName = safeFileName(filename, kind.extension);
        const attachmentId = await ticketsRepo.insertAttachment(tx, {
          ticketId: id,
          fileName,
          storedPath,
          contentType: kind.contentType,
          size: content.length,
          uploadedBy: actor.userId,
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: id,
          action: 'attachment-added',
          changes: auditFacts('ticket', { attachment: { id: attachmentId, name: fileName } }),
        });
      });
      return view(actor, id);
    },
  };
}
