import type { Writable } from 'node:stream';
import type { Locale, SurveyAnalysis, SurveyAnswerValue, SurveyQuestion } from '@atiende/contracts';
import ExcelJS from 'exceljs';
import { wallClock } from '../tickets/tickets.export.js';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
/** A cell holds at most 32,767 characters (the xlsx limit). */
const CELL_LIMIT = 32_000;

const TEXTS = {
  es: {
    summary: 'Resumen',
    responses: 'Respuestas',
    summaryHeaders: [
      'Pregunta',
      'Tipo',
      'Respondieron',
      'Omitieron',
      'Promedio',
      'Mínimo',
      'Máximo',
      'CSAT %',
      'NPS',
      'Opción o punto',
      'Cantidad',
    ],
    responseHeaders: ['Respuesta', 'Fecha', 'Origen', 'Cliente', 'Caso'],
    general: 'Enlace general',
    personal: 'Enlace personal',
    totals: (responses: number, participants: number) => `${responses} respuestas de ${participants} participantes`,
  },
  en: {
    summary: 'Summary',
    responses: 'Responses',
    summaryHeaders: [
      'Question',
      'Type',
      'Answered',
      'Skipped',
      'Average',
      'Minimum',
      'Maximum',
      'CSAT %',
      'NPS',
      'Option or point',
      'Count',
    ],
    responseHeaders: ['Response', 'Date', 'Source', 'Customer', 'Ticket'],
    general: 'General link',
    personal: 'Personal link',
    totals: (responses: number, participants: number) => `${responses} responses from ${participants} participants`,
  },
} as const;

function cellOf(value: SurveyAnswerValue | undefined): ExcelJS.CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text.length > CELL_LIMIT ? `${text.slice(0, CELL_LIMIT)}…` : text;
}

/**
 * Streams a survey's report as xlsx: "Resumen"/"Summary" (per question the analysis' figures, one row per option
 * or point of its distribution) and "Respuestas"/"Responses" (one row per response, one column per current
 * question; dates as the business's wall clock).
 */
export async function writeSurveyReport(options: {
  output: Writable;
  locale: Locale;
  timeZone: string;
  questions: readonly SurveyQuestion[];
  analysis: SurveyAnalysis;
  batches: AsyncIterable<
    {
      id: number;
      customerName: string | null;
      ticketId: number | null;
      source: 'general' | 'personal';
      submittedAt: Date;
      answers: Record<string, SurveyAnswerValue>;
    }[]
  >;
}): Promise<number> {
  const { locale, analysis, questions } = options;
  const t = TEXTS[locale];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: options.output,
    useSharedStrings: false,
    useStyles: true,
  });
  const summary = workbook.addWorksheet(t.summary, { views: [{ state: 'frozen', ySplit: 1 }] });
  summary.columns = t.summaryHeaders.map((_header, index) => ({ width: index === 0 ? 40 : index === 9 ? 24 : 12 }));
  summary.addRow([...t.summaryHeaders]).commit();
  for (const question of analysis.questions) {
    summary
      .addRow([
        question.label,
        question.type,
        question.answered,
        question.skipped,
        question.average,
        question.min,
        question.max,
        question.satisfaction,
        question.nps?.score ?? null,
        null,
        null,
      ])
      .commit();
    for (const entry of question.distribution) {
      summary.addRow([null, null, null, null, null, null, null, null, null, entry.label, entry.count]).commit();
    }
  }
  summary.addRow([]).commit();
  summary.addRow([t.totals(analysis.responses, analysis.participants)]).commit();
  summary.commit();

  const sheet = workbook.addWorksheet(t.responses, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { width: 12 },
    { width: 18, style: { numFmt: DATE_FORMAT } },
    { width: 16 },
    { width: 28 },
    { width: 10 },
    ...questions.map(() => ({ width: 24 })),
  ];
  sheet.addRow([...t.responseHeaders, ...questions.map((question) => question.label)]).commit();
  let count = 0;
  for await (const rows of options.batches) {
    for (const row of rows) {
      sheet
        .addRow([
          row.id,
          wallClock(row.submittedAt, options.timeZone),
          row.source === 'general' ? t.general : t.personal,
          row.customerName ?? '',
          row.ticketId,
          ...questions.map((question) => cellOf(row.answers[question.key])),
        ])
        .commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
