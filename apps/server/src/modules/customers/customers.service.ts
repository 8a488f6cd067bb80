import {
  type Customer,
  type CustomerListItem,
  type customerBodySchema,
  type customerListQuerySchema,
  EMAIL_CONTACT_CODES,
  type KanbanColumn,
  type Page,
  PHONE_CONTACT_CODES,
  PHONE_PATTERN,
} from '@atiende/contracts';
import { z } from 'zod';
import { auditRepo, diffForAudit } from '../../platform/audit/audit.repo.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { normalizeContactValue, searchable } from '../../platform/text.js';
import type { AuthContext } from '../auth/auth.service.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { type ContactValues, customersRepo } from './customers.repo.js';

type CustomerBody = z.output<typeof customerBodySchema>;

export type ContactKind = 'email' | 'phone' | 'other';
export function contactKind(code: string | null): ContactKind {
  if (code && EMAIL_CONTACT_CODES.includes(code)) return 'email';
  if (code && PHONE_CONTACT_CODES.includes(code)) return 'phone';
  return 'other';
}

const emailSchema = z.email();

/** Contact types by id with their codes, to check each value by its kind (e-mail, phone, other). */
export async function contactTypes(db: Executor): Promise<Map<number, string | null>> {
  const { data } = await cataloguesRepo.list(db, {
    model: 'tipo-dato-contacto',
    page: 1,
    sizePerPage: 200,
    sortName: 'id',
    sortOrder: 'asc',
  });
  return new Map(data.map((entry) => [entry.id, entry.code]));
}

/** Checks contact values by type and returns them ready to store (with their normalised form), or field errors. */
export function prepareContacts(
  contacts: CustomerBody['contacts'],
  types: ReadonlyMap<number, string | null>,
): {
  values: ContactValues[];
  problems: {
    field: string;
    messageKey: 'customers.contactType' | 'customers.contactEmail' | 'customers.contactPhone';
  }[];
} {
  const problems: {
    field: string;
    messageKey: 'customers.contactType' | 'customers.contactEmail' | 'customers.contactPhone';
  }[] = [];
  const values = contacts.map((contact, index) => {
    if (!types.has(contact.typeId))
      problems.push({ field: `contacts.${index}.typeId`, messageKey: 'customers.contactType' });
    const kind = contactKind(types.get(contact.typeId) ?? null);
    if (kind === 'email' && !emailSchema.safeParse(contact.value).success) {
      problems.push({ field: `contacts.${index}.value`, messageKey: 'customers.contactEmail' });
    }
    if (kind === 'phone' && !PHONE_PATTERN.test(contact.value)) {
      problems.push({ field: `contacts.${index}.value`, messageKey: 'customers.contactPhone' });
    }
    return {
      typeId: contact.typeId,
      label: contact.label,
      value: contact.value,
      normalizedValue: normalizeContactValue(contact.value, kind),
      areaCode: contact.areaCode,
      extension: contact.extension,
      zone: contact.zone,
      cityId: contact.cityId ?? null,
    };
  });
  return { values, problems };
}

export function customerSearchText(
  body: Pick<CustomerBody, 'firstName' | 'middleName' | 'lastName' | 'secondLastName' | 'identificationNumber'>,
  contacts: { value: string }[],
) {
  return searchable(
    body.firstName,
    body.middleName,
    body.lastName,
    body.secondLastName,
    body.identificationNumber,
    ...contacts.map((contact) => contact.value),
  );
}

export function rethrowDuplicateIdentification(error: unknown): never {
  if (isUniqueViolation(error, 'customers_identification_unique')) {
    throw errors.duplicate('CUSTOMER.IDENTIFICATION_TAKEN', 'identificationNumber', 'customers.identificationTaken');
  }
  throw error;
}

export function createCustomersService(ctx: AppContext) {
  const { db } = ctx;

  async function view(id: number): Promise<Customer> {
    const [row, item, contacts, related] = await Promise.all([
      customersRepo.findRow(db, id),
      customersRepo.listItem(db, id),
      customersRepo.contacts(db, id),
      customersRepo.related(db, id),
    ]);
    if (!row || !item) throw errors.notFound();
    return {
      ...item,
      middleName: row.middleName,
      secondLastName: row.secondLastName,
      birthday: row.birthday,
      gender: row.gender as Customer['gender'],
      contacts,
      related,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Everything a customer refers to must exist: identification type, labels, related customers, owner, cities. */
  async function prepare(tx: Executor, body: CustomerBody, selfId?: number) {
    const problems: { field: string; message: string }[] = [];
    const fail = (field: string, message: Parameters<typeof errors.invalidField>[1]) =>
      problems.push({ field, message });
    // One check at a time: a transaction is one connection, which runs one query at a time.
    if (!(await cataloguesRepo.find(tx, 'tipo-documento', body.identificationTypeId))) {
      fail('identificationTypeId', 'customers.identificationType');
    }
    const labelIds = [...new Set(body.labelIds)];
    if ((await cataloguesRepo.existingEnabledIds(tx, 'customer-label', labelIds)).length !== labelIds.length) {
      fail('labelIds', 'customers.unknownLabels');
    }
    const relatedIds = [...new Set(body.relatedCustomerIds)].filter((id) => id !== selfId);
    if ((await customersRepo.existingIds(tx, relatedIds)).length !== relatedIds.length) {
      fail('relatedCustomerIds', 'customers.unknownRelated');
    }
    if (body.ownerUserId && (await campaignsRepo.existingPeople(tx, [body.ownerUserId])).length === 0) {
      fail('ownerUserId', 'customers.unknownOwner');
    }
    const types = await contactTypes(tx);
    const contacts = prepareContacts(body.contacts, types);
    for (const problem of contacts.problems) fail(problem.field, problem.messageKey);
    if (problems.length > 0) throw new AppError(422, 'VALIDATION', 'errors.validation', {}, problems);
    return {
      values: {
        identificationTypeId: body.identificationTypeId,
        identificationNumber: body.identificationNumber,
        firstName: body.firstName,
        middleName: body.middleName,
        lastName: body.lastName,
        secondLastName: body.secondLastName,
        birthday: body.birthday ?? null,
        gender: body.gender,
        ownerUserId: body.ownerUserId ?? null,
        searchText: customerSearchText(body, contacts.values),
      },
      contacts: contacts.values,
      labelIds,
      relatedIds,
    };
  }

  return {
    async list(
      query: z.output<typeof customerListQuerySchema>,
    ): Promise<Page<CustomerListItem> & { totalCapped: boolean }> {
      const { data, total, capped } = await customersRepo.list(db, {
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        search: query.searchText ? searchable(query.searchText) : undefined,
        labelId: query.labelId,
        ownerUserId: query.ownerUserId,
        campaignId: query.campaignId,
      });
      return { data, total, totalCapped: capped, page: query.page, sizePerPage: query.sizePerPage };
    },

    get: view,

    async create(actor: AuthContext, body: CustomerBody): Promise<Customer> {
      const id = await db
        .transaction(async (tx) => {
          const prepared = await prepare(tx, body);
          const created = await customersRepo.insert(tx, {
            ...prepared.values,
            createdBy: actor.userId,
            updatedBy: actor.userId,
          });
          await customersRepo.replaceContacts(tx, created, prepared.contacts);
          await customersRepo.replaceLabels(tx, created, prepared.labelIds);
          await customersRepo.replaceRelations(tx, created, prepared.relatedIds);
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'customer',
            entityId: created,
            action: 'created',
            changes: diffForAudit(null, { ...prepared.values, searchText: undefined, labelIds: prepared.labelIds }),
          });
          return created;
        })
        .catch(rethrowDuplicateIdentification);
      return view(id);
    },

    async update(actor: AuthContext, id: number, body: CustomerBody): Promise<Customer> {
      await db
        .transaction(async (tx) => {
          const current = await customersRepo.findRow(tx, id, true);
          if (!current) throw errors.notFound();
          const prepared = await prepare(tx, body, id);
          await customersRepo.update(tx, id, { ...prepared.values, updatedBy: actor.userId });
          await customersRepo.replaceContacts(tx, id, prepared.contacts);
          await customersRepo.replaceLabels(tx, id, prepared.labelIds);
          await customersRepo.replaceRelations(tx, id, prepared.relatedIds);
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'customer',
            entityId: id,
            action: 'updated',
            changes: diffForAudit({ ...current, searchText: undefined }, { ...prepared.values, searchText: undefined }),
          });
        })
        .catch(rethrowDuplicateIdentification);
      return view(id);
    },

    /** Kanban: one column per enabled label marked kanban, in the labels' order, newest customers first. */
    async kanban(query: { searchText?: string; perColumn: number }): Promise<KanbanColumn[]> {
      const { data: labels } = await cataloguesRepo.list(db, {
        model: 'customer-label',
        page: 1,
        sizePerPage: 50,
        sortName: 'sortOrder',
        sortOrder: 'asc',
        enabled: true,
      });
      const search = query.searchText ? searchable(query.searchText) : undefined;
      return Promise.all(
        labels
          .filter((label) => label.kanban)
          .map(async (label) => {
            const { data, total } = await customersRepo.byLabel(db, label.id, query.perColumn, search);
            return {
              label: { id: label.id, name: label.name, color: label.color, sortOrder: label.sortOrder },
              total,
              customers: data,
            };
          }),
      );
    },

    /** Dragging a card between kanban columns: the customer loses the source label and gains the target one. */
    async moveLabel(actor: AuthContext, id: number, fromLabelId: number | null, toLabelId: number): Promise<Customer> {
      await db.transaction(async (tx) => {
        if (!(await customersRepo.findRow(tx, id, true))) throw errors.notFound();
        if ((await cataloguesRepo.existingEnabledIds(tx, 'customer-label', [toLabelId])).length === 0) {
          throw errors.invalidField('toLabelId', 'customers.unknownLabels');
        }
        await customersRepo.moveLabel(tx, id, fromLabelId, toLabelId);
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'customer',
          entityId: id,
          action: 'label-moved',
          changes: { labelId: { from: fromLabelId, to: toLabelId } },
        });
      });
      return view(id);
    },

    /** Assigning customers to a user makes that user their owner. */
    async assignOwner(actor: AuthContext, customerIds: number[], ownerUserId: number): Promise<{ updated: number }> {
      return db.transaction(async (tx) => {
        if ((await campaignsRepo.existingPeople(tx, [ownerUserId])).length === 0) {
          throw errors.invalidField('ownerUserId', 'customers.unknownOwner');
        }
        const updated = await customersRepo.assignOwner(tx, customerIds, ownerUserId);
        for (const customerId of customerIds) {
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'customer',
            entityId: customerId,
            action: 'owner-assigned',
            changes: { ownerUserId: { from: null, to: ownerUserId } },
          });
        }
        return { updated };
      });
    },

    async audit(id: number) {
      await view(id);
      return auditRepo.list(db, 'customer', id);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
