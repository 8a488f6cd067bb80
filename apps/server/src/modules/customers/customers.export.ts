import type { Writable } from 'node:stream';
import type { Locale } from '@atiende/contracts';
import ExcelJS from 'exceljs';
import type { Executor } from '../../platform/db/client.js';
import { type CustomerFilter, customersRepo } from './customers.repo.js';

const HEADERS: Record<Locale, string[]> = {
  es: [
    'ID',
    'Tipo de documento',
    'Número de documento',
    'Nombre completo',
    'Correo',
    'Teléfono',
    'Etiquetas',
    'Responsable',
    'Creado',
  ],
  en: ['ID', 'Document type', 'Document number', 'Full name', 'Email', 'Phone', 'Labels', 'Owner', 'Created'],
};

/**
 * Streams the filtered customer list (scope included: the same filter as the list) as xlsx: rows are written and
 * flushed batch by batch, whatever the size.
 */
export async function exportCustomers(
  db: Executor,
  output: Writable,
  filter: CustomerFilter,
  locale: Locale,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(locale === 'es' ? 'Clientes' : 'Customers');
  sheet.addRow(HEADERS[locale]).commit();
  let count = 0;
  for await (const rows of customersRepo.batches(db, filter)) {
    for (const row of rows) {
      sheet
        .addRow([
          row.id,
          row.identificationType.abbr ?? row.identificationType.name,
          row.identificationNumber,
          row.fullName,
          row.primaryEmail ?? '',
          row.primaryPhone ?? '',
          row.labels.map((label) => label.name).join(', '),
          row.owner?.nombre ?? '',
          row.createdAt,
        ])
        .commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
