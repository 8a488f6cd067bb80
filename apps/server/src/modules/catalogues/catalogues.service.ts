import {
  CATALOGUE_TRAITS,
  type CatalogueEntry,
  type CatalogueModel,
  type catalogueEntryBodySchema,
  type catalogueListQuerySchema,
  type Page,
} from '@atiende/contracts';
import type { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { errors } from '../../platform/http/errors.js';
import { type CatalogueValues, cataloguesRepo } from './catalogues.repo.js';

type EntryBody = z.output<typeof catalogueEntryBodySchema>;

const auditEntity = (model: CatalogueModel) => `catalogue:${model}`;

/** Keeps only the fields the model has: a city's country, a label's colour, kanban flag and order. */
async function valuesFor(
  db: Executor,
  model: CatalogueModel,
  body: EntryBody,
): Promise<Omit<CatalogueValues, 'createdBy' | 'updatedBy'>> {
  const traits = CATALOGUE_TRAITS[model];
  let parentId: number | null = null;
  if (traits.parent) {
    if (!body.parentId) throw errors.invalidField('parentId', 'catalogues.parentRequired');
    if (!(await cataloguesRepo.find(db, traits.parent, body.parentId))) {
      throw errors.invalidField('parentId', 'catalogues.parentInvalid');
    }
    parentId = body.parentId;
  }
  return {
    name: body.name,
    abbr: body.abbr,
    description: body.description,
    enabled: body.enabled,
    parentId,
    color: traits.label ? (body.color ?? null) : null,
    kanban: traits.label ? (body.kanban ?? false) : null,
    sortOrder: traits.label ? (body.sortOrder ?? 0) : (body.sortOrder ?? null),
  };
}

/** The entry as its audit compares it, read in the transaction: the parent (a city's country) by its name. */
async function auditSnapshot(db: Executor, model: CatalogueModel, id: number): Promise<AuditSnapshot<'catalogue'>> {
  const entry = await cataloguesRepo.find(db, model, id);
  if (!entry) throw errors.notFound();
  return {
    name: entry.name,
    abbr: entry.abbr,
    description: entry.description,
    parent: entry.parentId ? { id: entry.parentId, name: entry.parentName ?? '' } : null,
    color: entry.color,
    kanban: entry.kanban,
    sortOrder: entry.sortOrder,
    enabled: entry.enabled,
  };
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'catalogue_entries_name_unique')) {
    throw errors.duplicate('CATALOGUE.NAME_TAKEN', 'name', 'catalogues.nameTaken');
  }
  throw error;
}

export function createCataloguesService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list(model: CatalogueModel, query: z.output<typeof catalogueListQuerySchema>): Promise<Page<CatalogueEntry>> {
      const { data, total } = await cataloguesRepo.list(db, {
        model,
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        searchText: query.searchText || undefined,
        enabled: query.enabled === 'all' ? undefined : query.enabled === 'true',
        parentId: query.parentId,
      });
      return { data, total, page: query.page, sizePerPage: query.sizePerPage };
    },

    async get(model: CatalogueModel, id: number): Promise<CatalogueEntry> {
      const entry = await cataloguesRepo.find(db, model, id);
      if (!entry) throw errors.notFound();
      return entry;
    },

    async create(actorUserId: number, model: CatalogueModel, body: EntryBody): Promise<CatalogueEntry> {
      const id = await db
        .transaction(async (tx) => {
          const values = await valuesFor(tx, model, body);
          const created = await cataloguesRepo.insert(tx, model, {
            ...values,
            createdBy: actorUserId,
            updatedBy: actorUserId,
          });
          await auditRepo.record(tx, {
            actorUserId,
            entity: auditEntity(model),
            entityId: created,
            action: 'created',
            changes: diffForAudit('catalogue', null, await auditSnapshot(tx, model, created)),
          });
          return created;
        })
        .catch(rethrowDuplicate);
      return this.get(model, id);
    },

    async update(actorUserId: number, model: CatalogueModel, id: number, body: EntryBody): Promise<CatalogueEntry> {
      await db
        .transaction(async (tx) => {
          const current = await cataloguesRepo.lock(tx, model, id);
          if (!current) throw errors.notFound();
          const values = await valuesFor(tx, model, body);
          const previous = await auditSnapshot(tx, model, id);
          await cataloguesRepo.update(tx, id, { ...values, updatedBy: actorUserId });
          await auditRepo.record(tx, {
            actorUserId,
            entity: auditEntity(model),
            entityId: id,
            action: 'updated',
            changes: diffForAudit('catalogue', previous, await auditSnapshot(tx, model, id)),
          });
        })
        .catch(rethrowDuplicate);
      return this.get(model, id);
    },

    async audit(model: CatalogueModel, id: number) {
      await this.get(model, id);
      return auditRepo.list(db, auditEntity(model), id);
    },
  };
}

export type CataloguesService = ReturnType<typeof createCataloguesService>;
