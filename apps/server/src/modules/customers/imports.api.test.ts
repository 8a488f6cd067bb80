import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, signedIn, type TestApp } from '../../test/app.js';
import { importsRepo } from './imports.repo.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let agent: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
});
afterAll(async () => {
  await t?.close();
});

const HEADER = ['Tipo', 'Documento', 'Nombres', 'Apellidos', 'Correo', 'Celular'];

/** A spreadsheet of `rows` customers where every row number in `bad` lacks its last name. */
async function workbook(rows: number, bad: Set<number>, prefix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('clientes');
  sheet.addRow(HEADER);
  for (let index = 1; index <= rows; index++) {
    sheet.addRow([
      'CC',
      `${prefix}${String(index).padStart(6, '0')}`,
      `Nombre${index}`,
      bad.has(index) ? '' : `Apellido${index}`,
      `persona${prefix}${index}@example.com`,
      `+57 310 ${String(index).padStart(7, '0')}`,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(content: Buffer, name: string, type: string, headers = admin.headers) {
  const file = multipartFile(content, name, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/customers/imports',
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
}

const mapping = {
  identificationType: 'Tipo',
  identificationNumber: 'Documento',
  firstName: 'Nombres',
  lastName: 'Apellidos',
  email: 'Correo',
  mobile: 'Celular',
};

async function runImport(id: number) {
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/v2/customers/imports/${id}/start`,
    headers: admin.headers,
    payload: { mapping },
  });
  expect(start.statusCode).toBe(202);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const status = (
      await t.app.inject({ method: 'GET', url: `/api/v2/customers/imports/${id}`, headers: admin.headers })
    ).json().result;
    if (status.status === 'done' || status.status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the import did not finish');
}

describe('customer import', () => {
  it('imports 10,000 rows reporting exactly the 100 bad ones, and a second run updates without duplicating', async () => {
    const prefix = String(Date.now()).slice(-6);
    const bad = new Set(Array.from({ length: 100 }, (_, index) => index * 97 + 5));
    const uploaded = await upload(await workbook(10_000, bad, prefix), 'clientes.xlsx', 'application/octet-stream');
    expect(uploaded.statusCode).toBe(201);
    const created = uploaded.json().result;
    expect(created).toMatchObject({ columns: HEADER, totalRows: 10_000, status: 'uploaded' });
    expect(created.preview[0]).toEqual([
      'CC',
      `${prefix}000001`,
      'Nombre1',
      'Apellido1',
      `persona${prefix}1@example.com`,
      '+57 310 0000001',
    ]);

    const first = await runImport(created.id);
    expect(first).toMatchObject({
      status: 'done',
      processed: 10_000,
      created: 9_900,
      updated: 0,
      failed: 100,
      progress: 100,
    });

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers/imports/${created.id}/errors`,
      headers: admin.headers,
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toMatch(/^attachment;/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const rows: number[] = [];
    book.worksheets[0].eachRow((row, index) => {
      if (index > 1) rows.push(Number(row.getCell(1).value));
    });
    // Row numbers in the report are the spreadsheet's (the header is row 1).
    expect(rows.sort((a, b) => a - b)).toEqual([...bad].map((index) => index + 1).sort((a, b) => a - b));
    expect(String(book.worksheets[0].getRow(2).getCell(2).value)).toBe('Faltan los apellidos');

    const second = await runImport(created.id);
    expect(second).toMatchObject({ status: 'done', processed: 10_000, created: 0, updated: 9_900, failed: 100 });
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers?searchText=${prefix}000002`,
      headers: admin.headers,
    });
    expect(search.json().result.total).toBe(1);
    const customer = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers/${search.json().result.data[0].id}`,
      headers: admin.headers,
    });
    expect(customer.json().result.contacts).toHaveLength(2);
  }, 180_000);

  it('reads CSV with semicolons too', async () => {
    const prefix = `c${String(Date.now()).slice(-6)}`;
    const csv = [
      HEADER.join(';'),
      `CC;${prefix}1;Ana;Ríos;ana${prefix}@example.com;`,
      `CC;${prefix}2;Luis;Mora;;+57 311 0000000`,
    ].join('\n');
    const uploaded = await upload(Buffer.from(csv), 'clientes.csv', 'text/csv');
    expect(uploaded.statusCode).toBe(201);
    const result = await runImport(uploaded.json().result.id);
    expect(result).toMatchObject({ created: 2, failed: 0 });
  });

  it('refuses a file that is not a spreadsheet, and an incomplete mapping, in both languages', async () => {
    const binary = await upload(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      'foto.xlsx',
      'application/octet-stream',
    );
    expect(binary.statusCode).toBe(415);
    expect(binary.json().message).toBe('El formato del archivo seleccionado no es válido (use Excel .xlsx o CSV)');
    const uploaded = await upload(Buffer.from('Documento,Nombres\n123,Ana\n'), 'x.csv', 'text/csv');
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/v2/customers/imports/${uploaded.json().result.id}/start`,
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: { mapping: { identificationNumber: 'Documento', firstName: 'Nombres' } },
    });
    expect(start.statusCode).toBe(422);
    expect(start.json().code).toBe('IMPORT.MAPPING_INCOMPLETE');
    expect(start.json().message).toMatch(/^Incomplete column mapping/);
    expect(start.json().result.fields.map((field: { field: string }) => field.field)).toEqual(['mapping.lastName']);
  });

  it('needs the import permission, and one user cannot read another’s import', async () => {
    expect((await upload(Buffer.from('a,b\n1,2\n'), 'x.csv', 'text/csv', agent.headers)).statusCode).toBe(403);
    const uploaded = await upload(Buffer.from('a,b\n1,2\n'), 'x.csv', 'text/csv');
    const supervisor = await signedIn(t, 'super');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers/imports/${uploaded.json().result.id}`,
      headers: supervisor.headers,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('customer export', () => {
  it('streams the filtered list as xlsx', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/customers/export?searchText=Nombre1',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe('Número de documento');
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/customers/export', headers: agent.headers })).statusCode,
    ).toBe(403);
  });

  it('a large import ends with fresh planner statistics for the tables it wrote', async () => {
    await importsRepo.refreshStatistics(t.ctx.db);
    const analysed = await t.ctx.db.execute<{ relname: string }>(sql`select relname from pg_stat_user_tables
      where relname in ('customers', 'customer_contacts', 'campaign_customers') and last_analyze is not null`);
    expect(analysed.rows.map((row) => row.relname).sort()).toEqual([
      'campaign_customers',
      'customer_contacts',
      'customers',
    ]);
  });
});
