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
};

/**
 * What an attachment really is, from its first bytes: images, PDF, zip-based office documents (by their name's
 * extension, once the bytes are a zip), zip archives and plain UTF-8 text. Anything else (executables, scripts in
 * disguise, unknown binaries) is refused.
 */
export function sniffAttachment(content: Buffer, declaredName: string): SniffedFile | null {
  const image = sniffImage(content);
  if (image) return { contentType: image.type, extension: image.extension };
  if (content.subarray(0, 6).toString('ascii') === 'GIF87a' || content.subarray(0, 6).toString('ascii') === 'GIF89a') {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (content.subarray(0, 5).toString('ascii') === '%PDF-') return { contentType: 'application/pdf', extension: 'pdf' };
  if (content.length >= 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04) {
    const declared = path.extname(declaredName).slice(1).toLowerCase();
    if (OFFICE[declared]) return { contentType: OFFICE[declared], extension: declared };
    return { contentType: 'application/zip', extension: 'zip' };
  }
  if (content.length > 0 && !content.includes(0)) {
    const text = content.subarray(0, 64 * 1024).toString('utf8');
    if (!text.includes('\uFFFD')) {
      const declared = path.extname(declaredName).slice(1).toLowerCase();
      if (declared === 'csv') return { contentType: 'text/csv; charset=utf-8', extension: 'csv' };
      return { contentType: 'text/plain; charset=utf-8', extension: 'txt' };
    }
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
