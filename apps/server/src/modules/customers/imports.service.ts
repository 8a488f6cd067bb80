import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  CUSTOMER_IMPORT_PROGRESS_EVENT,
  type CustomerImport,
  type ImportTarget,
  type Locale,
  PHONE_PATTERN,
  REQUIRED_IMPORT_TARGETS,
  type startImportBodySchema,
} from '@atiende/contracts';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { type MessageKey, translate } from '../../platform/i18n/messages.js';
import type { JobName } from '../../platform/job-map.js';
import { normalizeContactValue, searchable } from '../../platform/text.js';
import { customerScopeOf } from '../../policies/customers.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { usersRepo } from '../users/users.repo.js';
import { type ImportCustomer, type ImportRow, importKey, importsRepo } from './imports.repo.js';

export const IMPORT_QUEUE = 'customers.import' satisfies JobName;
const BATCH_SIZE = 500;
/** From this many customers written, an import ends by refreshing the planner statistics (analyze, ~100 ms). */
const LARGE_IMPORT_ROWS = 10_000;
const PREVIEW_ROWS = 5;

type Format = 'xlsx' | 'csv';
type StartBody = z.output<typeof startImportBodySchema>;

const invalidFormat = () => new AppError(415, 'IMPORT.FORMAT', 'imports.invalidFormat');

/** xlsx files are zip archives; CSV must be text. Names and declared types are not trusted. */
export function sniffFormat(head: Buffer): Format | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  if (head.length === 0 || head.includes(0)) return null;
  const text = head.toString('utf8');
  if (text.includes('\uFFFD')) return null;
  return /[,;\t]/.test(text.split(/\r?\n/)[0] ?? '') ? 'csv' : null;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

function rowValues(row: ExcelJS.Row): string[] {
  const values = Array.isArray(row.values) ? row.values.slice(1) : [];
  // Array.from, not map: an empty cell is a hole in exceljs's sparse array, and must become '' (not null in JSON).
  return Array.from(values, (value) => cellText(value as ExcelJS.CellValue));
}

/** Streams the rows of the file's first sheet as text cells (xlsx is read as a stream; CSV is bounded in size). */
async function* readRows(filePath: string, format: Format): AsyncGenerator<string[]> {
  if (format === 'xlsx') {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'emit',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet) yield rowValues(row as ExcelJS.Row);
      return;
    }
    return;
  }
  const firstLine = (await fsp.readFile(filePath, 'utf8')).split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [';', '\t', ','].find((candidate) => firstLine.includes(candidate)) ?? ',';
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.readFile(filePath, { parserOptions: { delimiter }, map: (value: unknown) => value });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push(rowValues(row)));
  yield* rows;
}

const GENDERS: Record<string, string> = {
  f: 'female',
  femenino: 'female',
  female: 'female',
  mujer: 'female',
  m: 'male',
  masculino: 'male',
  male: 'male',
  hombre: 'male',
  na: 'not-applicable',
  'no aplica': 'not-applicable',
};

function parseBirthday(value: string): string | null | 'invalid' {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3]] : local ? [local[3], local[2], local[1]] : null;
  if (!parts) return 'invalid';
  const [year, month, day] = parts;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(date)) ? 'invalid' : date;
}

interface ReferenceData {
  documentTypes: Map<string, number>;
  contactTypes: { email?: number; phone?: number; mobile?: number; address?: number };
}

const emailCheck = z.email();

/** Validates one data row against the mapping; returns the customer to store or the reasons it was refused. */
export function interpretRow(
  cells: string[],
  columnIndex: Partial<Record<ImportTarget, number>>,
  defaultTypeId: number | null,
  reference: ReferenceData,
): { customer: ImportCustomer } | { problems: MessageKey[] } {
  const value = (target: ImportTarget) => {
    const index = columnIndex[target];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const problems: MessageKey[] = [];
  const typeText = value('identificationType');
  const typeId = typeText ? reference.documentTypes.get(typeText.toLowerCase()) : (defaultTypeId ?? undefined);
  if (!typeId) problems.push('imports.rowDocumentType');
  const number = value('identificationNumber');
  if (!/^[A-Za-z0-9.-]{3,40}$/.test(number)) problems.push('imports.rowDocumentNumber');
  const firstName = value('firstName');
  const lastName = value('lastName');
  if (!firstName) problems.push('imports.rowFirstName');
  if (!lastName) problems.push('imports.rowLastName');
  const birthday = parseBirthday(value('birthday'));
  if (birthday === 'invalid') problems.push('imports.rowBirthday');

  const contacts: ImportCustomer['contacts'] = [];
  const email = value('email');
  if (email) {
    if (emailCheck.safeParse(email).success && reference.contactTypes.email) {
      contacts.push({
        typeId: reference.contactTypes.email,
        value: email,
        normalizedValue: normalizeContactValue(email, 'email'),
      });
    } else problems.push('imports.rowEmail');
  }
  for (const target of ['phone', 'mobile'] as const) {
    const phone = value(target);
    const typeIdForPhone = reference.contactTypes[target];
    if (!phone) continue;
    if (PHONE_PATTERN.test(phone) && typeIdForPhone) {
      contacts.push({ typeId: typeIdForPhone, value: phone, normalizedValue: normalizeContactValue(phone, 'phone') });
    } else problems.push('imports.rowPhone');
  }
  const address = value('address');
  if (address && reference.contactTypes.address) {
    contacts.push({
      typeId: reference.contactTypes.address,
      value: address,
      normalizedValue: normalizeContactValue(address, 'other'),
    });
  }
  if (contacts.length === 0 && !problems.includes('imports.rowEmail') && !problems.includes('imports.rowPhone')) {
    problems.push('imports.rowContact');
  }
  if (problems.length > 0 || !typeId) return { problems };
  const middleName = value('middleName') || null;
  const secondLastName = value('secondLastName') || null;
  return {
    customer: {
      identificationTypeId: typeId,
      identificationNumber: number,
      firstName,
      middleName,
      lastName,
      secondLastName,
      birthday: birthday === 'invalid' ? null : birthday,
      gender: GENDERS[value('gender').toLowerCase()] ?? 'no-info',
      searchText: searchable(
        firstName,
        middleName,
        lastName,
        secondLastName,
        number,
        ...contacts.map((contact) => contact.value),
      ),
      contacts,
    },
  };
}

function toView(row: ImportRow): CustomerImport {
  return {
    id: row.id,
    fileName: row.fileName,
    columns: row.columns,
    preview: row.preview,
    totalRows: row.totalRows,
    status: row.status as CustomerImport['status'],
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    failed: row.failed,
    progress: row.totalRows === 0 ? 100 : Math.min(100, Math.floor((row.processed / row.totalRows) * 100)),
    hasErrorReport: !!row.errorReportPath,
    campaignId: row.campaignId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function createImportsService(ctx: AppContext) {
  const { db } = ctx;
  const folder = (id: number | string) => path.join(ctx.config.dataDir, 'imports', String(id));

  async function owned(actor: AuthContext, id: number): Promise<ImportRow> {
    const row = await importsRepo.find(db, id);
    if (!row) throw errors.notFound();
    if (row.createdBy !== actor.userId && !actor.permissions.has('editar-permisos-roles')) throw errors.forbidden();
    return row;
  }

  async function referenceData(): Promise<ReferenceData> {
    const [documents, contacts] = await Promise.all([
      cataloguesRepo.list(db, {
        model: 'tipo-documento',
        page: 1,
        sizePerPage: 200,
        sortName: 'id',
        sortOrder: 'asc',
        enabled: true,
      }),
      cataloguesRepo.list(db, {
        model: 'tipo-dato-contacto',
        page: 1,
        sizePerPage: 200,
        sortName: 'id',
        sortOrder: 'asc',
      }),
    ]);
    const documentTypes = new Map<string, number>();
    for (const entry of documents.data) {
      for (const key of [entry.abbr, entry.code, entry.name]) if (key) documentTypes.set(key.toLowerCase(), entry.id);
    }
    const byCode = (code: string) => contacts.data.find((entry) => entry.code === code)?.id;
    return {
      documentTypes,
      contactTypes: { phone: byCode('1'), mobile: byCode('2'), address: byCode('3'), email: byCode('4') },
    };
  }

  async function writeErrorReport(
    id: number,
    header: string[],
    failures: { row: number; cells: string[]; problems: string[] }[],
  ) {
    const file = path.join(folder(id), 'errors.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const sheet = workbook.addWorksheet('errores');
    sheet.addRow(['fila', 'errores', ...header]).commit();
    for (const failure of failures) sheet.addRow([failure.row, failure.problems.join('; '), ...failure.cells]).commit();
    sheet.commit();
    await workbook.commit();
    return file;
  }

  return {
    /** Step 1: the file is stored and read once for its columns, a preview and the row count. */
    async upload(actor: AuthContext, { content, filename }: UploadedFile): Promise<CustomerImport> {
      const format = sniffFormat(content.subarray(0, 4096));
      if (!format) throw invalidFormat();
      const staging = path.join(ctx.config.dataDir, 'imports', `upload-${Date.now()}-${actor.userId}`);
      await fsp.mkdir(staging, { recursive: true });
      const filePath = path.join(staging, `source.${format}`);
      await fsp.writeFile(filePath, content);
      let columns: string[] = [];
      const preview: string[][] = [];
      let totalRows = 0;
      try {
        for await (const cells of readRows(filePath, format)) {
          if (columns.length === 0) {
            columns = cells.map((cell, index) => cell || `#${index + 1}`);
            continue;
          }
          if (cells.every((cell) => !cell)) continue;
          if (preview.length < PREVIEW_ROWS) preview.push(cells);
          totalRows += 1;
        }
      } catch {
        await fsp.rm(staging, { recursive: true, force: true });
        throw invalidFormat();
      }
      if (columns.length === 0) {
        await fsp.rm(staging, { recursive: true, force: true });
        throw invalidFormat();
      }
      const id = await importsRepo.insert(db, {
        createdBy: actor.userId,
        fileName: (filename || `import.${format}`).slice(0, 255),
        filePath,
        format,
        columns,
        preview,
        totalRows,
      });
      await fsp.rename(staging, folder(id));
      await importsRepo.update(db, id, { filePath: path.join(folder(id), `source.${format}`) });
      return toView((await importsRepo.find(db, id)) as ImportRow);
    },

    async get(actor: AuthContext, id: number): Promise<CustomerImport> {
      return toView(await owned(actor, id));
    },

    /** Step 2: the mapping is checked and the import runs as a durable background job. */
    async start(actor: AuthContext, id: number, body: StartBody, locale: Locale): Promise<CustomerImport> {
      const row = await owned(actor, id);
      if (row.status !== 'uploaded' && row.status !== 'done' && row.status !== 'failed') {
        throw new AppError(409, 'IMPORT.RUNNING', 'imports.alreadyRunning');
      }
      const missing = REQUIRED_IMPORT_TARGETS.filter((target) => !body.mapping[target]);
      if (missing.length > 0) {
        throw new AppError(
          422,
          'IMPORT.MAPPING_INCOMPLETE',
          'imports.mappingIncomplete',
          {},
          missing.map((target) => ({ field: `mapping.${target}`, message: 'imports.mappingIncomplete' })),
        );
      }
      const unknownColumn = Object.entries(body.mapping).find(([, column]) => column && !row.columns.includes(column));
      if (unknownColumn) throw errors.invalidField(`mapping.${unknownColumn[0]}`, 'imports.unknownColumn');
      if (!body.mapping.identificationType && !body.defaultIdentificationTypeId) {
        throw errors.invalidField('defaultIdentificationTypeId', 'imports.rowDocumentType');
      }
      if (body.campaignId && !(await campaignsRepo.find(db, body.campaignId))) {
        throw errors.invalidField('campaignId', 'imports.unknownCampaign');
      }
      await importsRepo.update(db, id, {
        mapping: body.mapping as Record<string, string>,
        defaultIdentificationTypeId: body.defaultIdentificationTypeId ?? null,
        campaignId: body.campaignId ?? null,
        status: 'queued',
        processed: 0,
        created: 0,
        updated: 0,
        failed: 0,
        errorReportPath: null,
        errorMessage: null,
        finishedAt: null,
      });
      await ctx.jobs.send(IMPORT_QUEUE, { importId: id, locale });
      return toView((await importsRepo.find(db, id)) as ImportRow);
    },

    /** The job: reads the file row by row, stores valid rows in batches, reports progress and the refused rows. */
    async run(importId: number, locale: Locale): Promise<void> {
      const row = await importsRepo.find(db, importId);
      if (!row?.mapping) return;
      const reference = await referenceData();
      const columnIndex: Partial<Record<ImportTarget, number>> = {};
      for (const [target, column] of Object.entries(row.mapping))
        columnIndex[target as ImportTarget] = row.columns.indexOf(column);
      await importsRepo.update(db, importId, { status: 'running', processed: 0, created: 0, updated: 0, failed: 0 });
      const counts = { processed: 0, created: 0, updated: 0, failed: 0 };
      const failures: { row: number; cells: string[]; problems: string[] }[] = [];
      // The importer's customer scope as it is when the job runs: existing customers outside it are not touched.
      const importer = await usersRepo.loadProfile(db, row.createdBy);
      const scope = await customerScopeOf(db, {
        userId: row.createdBy,
        permissions: new Set(importer?.permissions ?? []),
      });
      let batch = new Map<string, { customer: ImportCustomer; line: number; cells: string[] }>();
      let header = true;
      let lineNumber = 0;
      const flush = async () => {
        const result = await db.transaction((tx) =>
          importsRepo.upsertBatch(
            tx,
            [...batch.values()].map((entry) => entry.customer),
            row.createdBy,
            scope,
            row.campaignId,
          ),
        );
        counts.created += result.created;
        counts.updated += result.updated;
        for (const key of result.refused) {
          const entry = batch.get(key);
          if (!entry) continue;
          counts.failed += 1;
          failures.push({
            row: entry.line,
            cells: entry.cells,
            problems: [translate(locale, 'imports.rowNotVisible')],
          });
        }
        batch = new Map();
        await importsRepo.update(db, importId, counts);
        ctx.realtime.toUser(row.createdBy, CUSTOMER_IMPORT_PROGRESS_EVENT, {
          id: importId,
          processed: counts.processed,
          total: row.totalRows,
        });
      };
      try {
        for await (const cells of readRows(row.filePath, row.format as Format)) {
          lineNumber += 1;
          if (header) {
            header = false;
            continue;
          }
          if (cells.every((cell) => !cell)) continue;
          counts.processed += 1;
          const outcome = interpretRow(cells, columnIndex, row.defaultIdentificationTypeId, reference);
          if ('problems' in outcome) {
            counts.failed += 1;
            failures.push({ row: lineNumber, cells, problems: outcome.problems.map((key) => translate(locale, key)) });
            continue;
          }
          // The same customer twice in one batch would hit the same row twice in one statement: the later wins.
          const key = importKey(outcome.customer.identificationTypeId, outcome.customer.identificationNumber);
          batch.set(key, { customer: outcome.customer, line: lineNumber, cells });
          if (batch.size >= BATCH_SIZE) await flush();
        }
        await flush();
        failures.sort((a, b) => a.row - b.row);
        const errorReportPath = failures.length ? await writeErrorReport(importId, row.columns, failures) : null;
        if (counts.created + counts.updated >= LARGE_IMPORT_ROWS) await importsRepo.refreshStatistics(db);
        await importsRepo.update(db, importId, { ...counts, status: 'done', errorReportPath, finishedAt: new Date() });
      } catch (error) {
        await importsRepo.update(db, importId, {
          ...counts,
          status: 'failed',
          errorMessage: String(error).slice(0, 1000),
          finishedAt: new Date(),
        });
        throw error;
      }
      ctx.realtime.toUser(row.createdBy, CUSTOMER_IMPORT_PROGRESS_EVENT, {
        id: importId,
        processed: counts.processed,
        total: row.totalRows,
        done: true,
      });
    },

    async errorReport(actor: AuthContext, id: number): Promise<{ stream: fs.ReadStream; name: string }> {
      const row = await owned(actor, id);
      if (!row.errorReportPath || !fs.existsSync(row.errorReportPath)) throw errors.notFound();
      return { stream: fs.createReadStream(row.errorReportPath), name: `errores-importacion-${id}.xlsx` };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
