import { describe, expect, it } from 'vitest';
import { safeFileName, sniffAttachment } from './files.js';

describe('attachments', () => {
  it('are recognised by content, not by name', () => {
    expect(sniffAttachment(Buffer.from('%PDF-1.7 ...'), 'factura.exe')?.contentType).toBe('application/pdf');
    expect(sniffAttachment(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0, 0]), 'foto.png')).toBeNull();
    expect(sniffAttachment(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'informe.xlsx')?.extension).toBe('xlsx');
    expect(sniffAttachment(Buffer.from('nombre,valor\nA,1\n'), 'datos.csv')?.extension).toBe('csv');
    expect(sniffAttachment(Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'x.txt')).toBeNull();
  });

  it('get safe names that end in what they really are', () => {
    expect(safeFileName('../../etc/evil<script>.pdf.exe', 'pdf')).toBe('evil_script_.pdf.exe.pdf');
    expect(safeFileName('C:\\Users\\ana\\Factura Enero.pdf', 'pdf')).toBe('Factura Enero.pdf');
    expect(safeFileName('.htaccess', 'txt')).toBe('htaccess.txt');
    expect(safeFileName('', 'png')).toBe('archivo.png');
    expect(safeFileName('año_reseña.txt', 'txt')).toBe('año_reseña.txt');
  });
});
