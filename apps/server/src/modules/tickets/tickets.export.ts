import type { Writable } from 'node:stream';
import type { Locale } from '@atiende/contracts';
import ExcelJS from 'exceljs';
import type { Executor } from '../../platform/db/client.js';
import { type TicketQuery, ticketsRepo } from './tickets.repo.js';

const HEADERS: Record<Locale, string[]> = {
  es: [
    'Número',
    'Estado',
    'Prioridad',
    'Tipo',
    'Campaña',
    'Cliente',
    'Documento',
    'Asignado',
    'Descripción',
    'Creado',
    'Cerrado',
  ],
  en: [
    'Number',
    'Status',
    'Priority',
    'Type',
    'Campaign',
    'Customer',
    'Document',
    'Assigned',
    'Description',
    'Created',
    'Closed',
  ],
};
const STATUS: Record<Locale, string[]> = {
  es: ['Nuevo', 'Abierto', 'Escalado', 'Transferido', 'Cerrado'],
  en: ['New', 'Open', 'Escalated', 'Transferred', 'Closed'],
};
const PRIORITY: Record<Locale, string[]> = { es: ['Baja', 'Media', 'Alta'], en: ['Low', 'Medium', 'High'] };

/** Streams the filtered ticket list as xlsx, batch by batch (keyset), whatever its size. */
export async function exportTickets(
  db: Executor,
  output: Writable,
  query: Omit<TicketQuery, 'page' | 'sizePerPage' | 'sortName' | 'sortOrder'>,
  locale: Locale,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(locale === 'es' ? 'Casos' : 'Tickets');
  sheet.addRow(HEADERS[locale]).commit();
  let count = 0;
  for await (const rows of ticketsRepo.batches(db, query)) {
    for (const row of rows) {
      sheet
        .addRow([
          row.number,
          STATUS[locale][row.status] ?? row.status,
          PRIORITY[locale][row.priority] ?? row.priority,
          row.type?.name ?? '',
          row.campaign.name,
          row.customer.fullName,
          row.customer.identificationNumber,
          row.assigned?.nombre ?? '',
          row.description,
          row.createdAt,
          row.closedAt ?? '',
        ])
        .commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
