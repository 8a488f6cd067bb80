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
    'Canal',
    'Tipo de canal',
    'Creado',
    'Primera respuesta',
    'Minutos hasta la primera respuesta',
    'Cerrado',
    'Última gestión',
    'Autor de la última gestión',
    'Notas de la última gestión',
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
    'Channel',
    'Channel type',
    'Created',
    'First response',
    'Minutes to first response',
    'Closed',
    'Last task',
    'Last task by',
    'Last task notes',
  ],
};
const STATUS: Record<Locale, string[]> = {
  es: ['Nuevo', 'Abierto', 'Escalado', 'Transferido', 'Cerrado'],
  en: ['New', 'Open', 'Escalated', 'Transferred', 'Closed'],
};
const PRIORITY: Record<Locale, string[]> = { es: ['Baja', 'Media', 'Alta'], en: ['Low', 'Medium', 'High'] };

/** Cells that hold dates, by position (1-based): written as spreadsheet dates in this format. */
const DATE_COLUMNS = [12, 13, 15, 16];
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/**
 * An instant as the spreadsheet date a reader in `timeZone` expects: spreadsheets have no time zones, so the cell
 * holds that zone's wall-clock time (written as if it were UTC, which is what the file format stores).
 */
export function wallClock(instant: Date, timeZone: string): Date {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')));
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (an export formats millions). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Streams the filtered ticket list as xlsx, batch by batch (keyset), whatever its size: dates are real spreadsheet
 * dates in the business's time zone; each row carries its channel, the time to the first response and the last
 * work-log entry (read once per batch).
 */
export async function exportTickets(
  db: Executor,
  output: Writable,
  query: Omit<TicketQuery, 'page' | 'sizePerPage' | 'sortName' | 'sortOrder'>,
  locale: Locale,
  timeZone: string,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(locale === 'es' ? 'Casos' : 'Tickets');
  sheet.columns = HEADERS[locale].map((_header, index) =>
    DATE_COLUMNS.includes(index + 1) ? { width: 18, style: { numFmt: DATE_FORMAT } } : { width: 16 },
  );
  sheet.addRow(HEADERS[locale]).commit();
  const date = (value: string | Date | null | undefined) =>
    value ? wallClock(typeof value === 'string' ? new Date(value) : value, timeZone) : null;
  let count = 0;
  for await (const rows of ticketsRepo.batches(db, query)) {
    const lastTasks = await ticketsRepo.lastTasks(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const last = lastTasks.get(row.id);
      const firstResponseMinutes = row.firstResponseAt
        ? Math.round((row.firstResponseAt.getTime() - new Date(row.createdAt).getTime()) / 60_000)
        : null;
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
          row.channelName ?? '',
          row.channelType ?? '',
          date(row.createdAt),
          date(row.firstResponseAt),
          firstResponseMinutes,
          date(row.closedAt),
          date(last?.at),
          last?.author ?? '',
          last?.notes ?? '',
        ])
        .commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
