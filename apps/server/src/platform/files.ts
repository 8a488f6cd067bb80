import path from 'node:path';
import { sniffImage } from './storage.js';

export interface SniffedFile {
  contentType: string;
  extension: string;
}

const OFFICE: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** Office 97-2003 documents: OLE2 compound files, told apart by their name (an OLE2 file may also be an installer). */
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  dot: 'application/msword',
  xls: 'application/vnd.ms-excel',
  xlt: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  pps: 'application/vnd.ms-powerpoint',
};
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** An e-mail message (RFC 5322): it starts with a header field ("Name: value"), whatever its charset. */
const MESSAGE_START = /^[!-9;-~]+:[ \t]/;

/**
 * Text in a legacy 8-bit charset (a spreadsheet saved as CSV in Windows-1252): no NUL, hardly any control
 * characters — binary data has about one byte in ten below 0x20.
 */
function isLegacyText(content: Buffer): boolean {
  const sample = content.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f)
      controls += 1;
  }
  return controls <= sample.length / 1000;
}

/**
 * What an attachment really is, from its first bytes: images, PDF, office documents (zip-based and Office 97-2003,
 * by their name's extension once the bytes are a zip or an OLE2 file), RTF, zip archives, e-mail messages (.eml)
 * and plain text (UTF-8, or a legacy 8-bit charset). Anything else (executables, scripts in disguise, unknown
 * binaries) is refused.
 */
export function sniffAttachment(content: Buffer, declaredName: string): SniffedFile | null {
  const image = sniffImage(content);
  if (image) return { contentType: image.type, extension: image.extension };
  if (content.subarray(0, 6).toString('ascii') === 'GIF87a' || content.subarray(0, 6).toString('ascii') === 'GIF89a') {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (content.subarray(0, 5).toString('ascii') === '%PDF-') return { contentType: 'application/pdf', extension: 'pdf' };
  const declared = extensionOf(declaredName);
  if (content.length >= 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04) {
    if (OFFICE[declared]) return { contentType: OFFICE[declared], extension: declared };
    return { contentType: 'application/zip', extension: 'zip' };
  }
  if (content.subarray(0, OLE2.length).equals(OLE2)) {
    return LEGACY_OFFICE[declared] ? { contentType: LEGACY_OFFICE[declared], extension: declared } : null;
  }
  if (content.subarray(0, 5).toString('ascii') === '{\\rtf')
    return { contentType: 'application/rtf', extension: 'rtf' };
  if (content.length === 0 || content.includes(0)) return null;
  if (declared === 'eml' && MESSAGE_START.test(content.subarray(0, 1000).toString('latin1'))) {
    return { contentType: 'message/rfc822', extension: 'eml' };
  }
  const utf8 = !content
    .subarray(0, 64 * 1024)
    .toString('utf8')
    .includes('\uFFFD');
  if (utf8 || isLegacyText(content)) {
    const charset = utf8 ? '; charset=utf-8' : '';
    if (declared === 'csv') return { contentType: `text/csv${charset}`, extension: 'csv' };
    return { contentType: `text/plain${charset}`, extension: 'txt' };
  }
  return null;
}

/**
 * Audio and video WhatsApp plays, from their first bytes: MP4 family (ISO base media: `ftyp` at byte 4, told apart
 * by its brand), Ogg, MP3, ADTS AAC and AMR. Ticket attachments do not use it: only WhatsApp templates take media.
 */
export function sniffMedia(content: Buffer): SniffedFile | null {
  if (content.length >= 12 && content.subarray(4, 8).toString('ascii') === 'ftyp') {
    const brand = content.subarray(8, 12).toString('ascii');
    if (brand === 'M4A ' || brand === 'M4B ') return { contentType: 'audio/mp4', extension: 'm4a' };
    if (brand.startsWith('3gp') || brand.startsWith('3g2')) return { contentType: 'video/3gpp', extension: '3gp' };
    return { contentType: 'video/mp4', extension: 'mp4' };
  }
  if (content.subarray(0, 4).toString('ascii') === 'OggS') return { contentType: 'audio/ogg', extension: 'ogg' };
  if (content.subarray(0, 6).toString('ascii') === '#!AMR\n') return { contentType: 'audio/amr', extension: 'amr' };
  if (content.subarray(0, 3).toString('ascii') === 'ID3') return { contentType: 'audio/mpeg', extension: 'mp3' };
  if (content.length >= 2 && content[0] === 0xff) {
    // MPEG audio frame sync: 11 set bits; layer bits 00 mean ADTS (AAC), anything else MPEG layer III/II/I.
    if ((content[1] & 0xf6) === 0xf0) return { contentType: 'audio/aac', extension: 'aac' };
    if ((content[1] & 0xe0) === 0xe0) return { contentType: 'audio/mpeg', extension: 'mp3' };
  }
  return null;
}

/**
 * A name safe to store and to offer for download: no folders, no control or shell characters, no leading dots,
 * and the extension of what the file really is (so "factura.pdf.exe" that is a PDF becomes "factura.pdf.exe.pdf",
 * never an executable).
 */
export function safeFileName(declaredName: string, extension: string): string {
  const base = path
    .basename(declaredName.replaceAll('\\', '/'))
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s_-]+/, '')
    .slice(0, 120)
    .trim();
  const name = base || 'archivo';
  return name.toLowerCase().endsWith(`.${extension}`) ? name : `${name}.${extension}`;
}
