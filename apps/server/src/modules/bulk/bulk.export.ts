import type { Writable } from 'node:stream';
import type { BulkRecipientStatus, Locale } from '@atiende/contracts';
import ExcelJS from 'exceljs';
import type { BulkRecipientView } from './bulk.repo.js';

const HEADERS: Record<Locale, string[]> = {
  es: ['ID', 'Cliente', 'Contacto', 'Estado', 'Error', 'Enviado', 'Entregado', 'Leído', 'Respondió', 'Caso'],
  en: ['ID', 'Customer', 'Contact', 'Status', 'Error', 'Sent', 'Delivered', 'Read', 'Replied', 'Ticket'],
};

const STATUS_LABELS: Record<Locale, Record<BulkRecipientStatus, string>> = {
  es: {
    new: 'Nuevo',
    sending: 'Enviando',
    sent: 'Enviado',
    delivered: 'Entregado',
    read: 'Leído',
    failed: 'Fallido',
    skipped: 'Omitido',
  },
  en: {
    new: 'New',
    sending: 'Sending',
    sent: 'Sent',
    delivered: 'Delivered',
    read: 'Read',
    failed: 'Failed',
    skipped: 'Skipped',
  },
};

/** A run's recipients as a streamed xlsx (rows committed page by page, whatever the size); dates in UTC. */
export async function exportBulkRecipients(
  pages: AsyncIterable<{ recipients: BulkRecipientView[] }>,
  output: Writable,
  locale: Locale,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(locale === 'es' ? 'Destinatarios' : 'Recipients');
  sheet.addRow(HEADERS[locale]).commit();
  let count = 0;
  for await (const page of pages) {
    for (const recipient of page.recipients) {
      sheet
        .addRow([
          recipient.id,
          recipient.customerName,
          recipient.contact,
          STATUS_LABELS[locale][recipient.status],
          recipient.error ?? '',
          recipient.sentAt,
          recipient.deliveredAt,
          recipient.readAt,
          recipient.repliedAt,
          recipient.ticketId,
        ])
        .commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
