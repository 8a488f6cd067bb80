import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { safeFileName, sniffAttachment, sniffMedia } from './files.js';

/** Real documents (Apache POI and MimeKit test data, see modules/email/corpus/README.md). */
const document = (name: string) =>
  fs.readFileSync(new URL(`../modules/email/corpus/documents/${name}`, import.meta.url));

describe('attachments', () => {
  it('are recognised by content, not by name', () => {
    expect(sniffAttachment(Buffer.from('%PDF-1.7 ...'), 'factura.exe')?.contentType).toBe('application/pdf');
    expect(sniffAttachment(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0, 0]), 'foto.png')).toBeNull();
    expect(sniffAttachment(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'informe.xlsx')?.extension).toBe('xlsx');
    expect(sniffAttachment(Buffer.from('nombre,valor\nA,1\n'), 'datos.csv')?.extension).toBe('csv');
    expect(sniffAttachment(Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'x.txt')).toBeNull();
  });

  it('include the office documents of every generation, RTF, e-mail messages and legacy 8-bit text', () => {
    const kinds = (
      [
        ['SampleDoc.doc', 'application/msword'],
        ['SampleSS.xls', 'application/vnd.ms-excel'],
        ['basic_test_ppt_file.ppt', 'application/vnd.ms-powerpoint'],
        ['SampleDoc.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['SampleSS.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ['SampleShow.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
        ['SampleSS.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
        ['message.rtf', 'application/rtf'],
      ] as const
    ).map(([name, contentType]) => [sniffAttachment(document(name), name)?.contentType, contentType]);
    for (const [found, expected] of kinds) expect(found).toBe(expected);
    // An OLE2 file that does not say it is a document (an installer, an Outlook item) is refused.
    expect(sniffAttachment(document('SampleDoc.doc'), 'setup.msi')).toBeNull();
    expect(sniffAttachment(document('SampleDoc.doc'), 'informe')).toBeNull();
    const forwarded = Buffer.from(
      'Return-Path: <ana@cliente.test>\r\nSubject: Pedido 17\r\n\r\nDetalle: ca\xf1a',
      'latin1',
    );
    expect(sniffAttachment(forwarded, 'Pedido 17.eml')).toEqual({ contentType: 'message/rfc822', extension: 'eml' });
    const csv = iconv.encode('nombre;ciudad\r\nMuñoz;Bogotá\r\nPeña;Medellín\r\n', 'windows-1252');
    expect(sniffAttachment(csv, 'clientes.csv')).toEqual({ contentType: 'text/csv', extension: 'csv' });
    const binary = Buffer.from(Array.from({ length: 600 }, (_, index) => (index * 37 + 11) % 255 || 1));
    expect(sniffAttachment(binary, 'datos.txt')).toBeNull();
  });

  it('get safe names that end in what they really are', () => {
    expect(safeFileName('../../etc/evil<script>.pdf.exe', 'pdf')).toBe('evil_script_.pdf.exe.pdf');
    expect(safeFileName('C:\\Users\\ana\\Factura Enero.pdf', 'pdf')).toBe('Factura Enero.pdf');
    expect(safeFileName('.htaccess', 'txt')).toBe('htaccess.txt');
    expect(safeFileName('', 'png')).toBe('archivo.png');
    expect(safeFileName('año_reseña.txt', 'txt')).toBe('año_reseña.txt');
  });
});

describe('template media', () => {
  const ftyp = (brand: string) =>
    Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, 'ascii'), Buffer.alloc(16)]);

  it('recognises audio and video WhatsApp plays by their first bytes', () => {
    expect(sniffMedia(ftyp('isom'))?.contentType).toBe('video/mp4');
    expect(sniffMedia(ftyp('mp42'))?.contentType).toBe('video/mp4');
    expect(sniffMedia(ftyp('3gp5'))?.contentType).toBe('video/3gpp');
    expect(sniffMedia(ftyp('M4A '))?.contentType).toBe('audio/mp4');
    expect(sniffMedia(Buffer.from('OggS\0\x02rest', 'latin1'))?.contentType).toBe('audio/ogg');
    expect(sniffMedia(Buffer.from('#!AMR\nabc', 'latin1'))?.contentType).toBe('audio/amr');
    expect(sniffMedia(Buffer.from('ID3\x04\0\0', 'latin1'))?.contentType).toBe('audio/mpeg');
    expect(sniffMedia(Buffer.from([0xff, 0xfb, 0x90, 0x44]))?.contentType).toBe('audio/mpeg');
    expect(sniffMedia(Buffer.from([0xff, 0xf1, 0x50, 0x80]))?.contentType).toBe('audio/aac');
  });

  it('leaves images, documents and anything else to the attachment rules', () => {
    expect(sniffMedia(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(sniffMedia(Buffer.from('%PDF-1.7', 'ascii'))).toBeNull();
    expect(sniffMedia(Buffer.from('MZ\x90\0', 'latin1'))).toBeNull();
    expect(sniffMedia(Buffer.alloc(0))).toBeNull();
  });
});
