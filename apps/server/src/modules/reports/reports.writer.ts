import fsp from 'node:fs/promises';
import type { Locale } from '@atiende/contracts';
import ExcelJS from 'exceljs';
import { wallClock } from '../tickets/tickets.export.js';
import type { ReportColumn, ReportDefinition } from './report-types.js';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
/** A cell holds at most 32,767 characters (the xlsx limit). */
const CELL_LIMIT = 32_000;

const QUARTER_HOUR = 900_000;

/**
 * Instants → the business's wall clock, with the zone's offset looked up once per quarter hour (offsets change
 * only on such boundaries): formatting every date of a million-row report through Intl would dominate its time.
 */
function wallClocks(timeZone: string): (instant: Date) => Date {
  const offsets = new Map<number, number>();
  return (instant) => {
    const bucket = Math.floor(instant.getTime() / QUARTER_HOUR) * QUARTER_HOUR;
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      if (offsets.size > 100_000) offsets.clear();
      offset = wallClock(new Date(bucket), timeZone).getTime() - bucket;
      offsets.set(bucket, offset);
    }
    return new Date(instant.getTime() + offset);
  };
}

function cell(column: ReportColumn, value: unknown, local: (instant: Date) => Date): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'instant':
      return local(value instanceof Date ? value : new Date(String(value)));
    case 'localTime': {
      // A timestamp without time zone is already the business's wall clock: written as is.
      const text = value instanceof Date ? value.toISOString() : String(value).replace(' ', 'T');
      return new Date(text.endsWith('Z') ? text : `${text}Z`);
    }
    case 'integer':
    case 'decimal':
      return Number(value);
    case 'day':
      return String(value);
    default: {
      const text = String(value);
      return text.length > CELL_LIMIT ? `${text.slice(0, CELL_LIMIT)}…` : text;
    }
  }
}

/**
 * Writes a report's rows into an xlsx file as they come (ExcelJS's streaming writer commits each row to the zip
 * stream: memory stays constant whatever the number of rows). Progress is the share of the period the rows written
 * so far cover (rows come ordered by `order_at`), so no row is counted beforehand.
 */
export async function writeReport(options: {
  file: string;
  definition: ReportDefinition;
  locale: Locale;
  timeZone: string;
  batches: AsyncIterable<Record<string, unknown>[]>;
  since: Date;
  until: Date;
  onProgress: (progress: number, rows: number) => Promise<void>;
}): Promise<{ rows: number; size: number }> {
  const { definition, locale, timeZone } = options;
  const partial = `${options.file}.part`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(definition.sheet[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = definition.columns.map((column) => ({
    width: column.width ?? 16,
    ...(column.kind === 'instant' || column.kind === 'localTime' ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  sheet.addRow(definition.columns.map((column) => column.header[locale])).commit();
  const span = Math.max(1, options.until.getTime() - options.since.getTime());
  const local = wallClocks(timeZone);
  let rows = 0;
  try {
    for await (const batch of options.batches) {
      for (const row of batch) {
        sheet.addRow(definition.columns.map((column) => cell(column, row[column.key], local))).commit();
      }
      rows += batch.length;
      const last = batch[batch.length - 1]?.order_at;
      const at = last ? new Date(last as string | Date).getTime() : options.since.getTime();
      const progress = Math.max(0, Math.min(99, Math.floor(((at - options.since.getTime()) / span) * 100)));
      await options.onProgress(progress, rows);
    }
    sheet.commit();
    await workbook.commit();
    await fsp.rename(partial, options.file);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  }
  const { size } = await fsp.stat(options.file);
  return { rows, size };
}
