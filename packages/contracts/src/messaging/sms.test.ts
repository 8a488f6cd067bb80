import { describe, expect, it } from 'vitest';
import { isGsm7, smsSegments } from './sms.js';

describe('SMS segments', () => {
  it('counts nothing for an empty text', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160, remaining: 160 });
  });

  it('fits 160 GSM-7 septets in one message and splits longer texts in parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, remaining: 0 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 145 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('keeps Spanish accents of the basic set in GSM-7, but not every accent', () => {
    expect(smsSegments('¿Dónde está mi pedido? Ñandú, pingüino: ¡sí!').encoding).toBe('UCS-2');
    expect(isGsm7('Mañana, más tarde')).toBe(false);
    expect(isGsm7('¿Qué? ¡Ñoño! é è ù ì ò à ü ö ä Ç')).toBe(true);
    expect(isGsm7('Línea\nnueva')).toBe(false);
    expect(isGsm7('Linea\r\nnueva @ £ $ ¥ § ¤ Δ Ω')).toBe(true);
  });

  it('counts the extension table as two septets and never splits one across parts', () => {
    expect(smsSegments('€')).toMatchObject({ encoding: 'GSM-7', units: 2 });
    expect(smsSegments('{}[]~|^\\€')).toMatchObject({ units: 18, segments: 1 });
    expect(smsSegments(`${'a'.repeat(158)}€`)).toMatchObject({ units: 160, segments: 1, remaining: 0 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
    // 152 septets and an escaped character: the escape does not fit the first part's last septet.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({
      units: 164,
      segments: 2,
      remaining: 153 - 12,
    });
  });

  it('falls back to UCS-2 for any other character: 70 code units, parts of 67', () => {
    expect(smsSegments('Привет')).toMatchObject({ encoding: 'UCS-2', units: 6, segments: 1, remaining: 64 });
    expect(smsSegments('ç'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, remaining: 0 });
    expect(smsSegments('ç'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67, remaining: 63 });
    expect(smsSegments('ç'.repeat(134))).toMatchObject({ segments: 2, remaining: 0 });
  });

  it('counts characters outside the BMP as two code units, kept whole in one part', () => {
    expect(smsSegments('👍')).toMatchObject({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(smsSegments('😀'.repeat(35))).toMatchObject({ units: 70, segments: 1 });
    // 66 units, then a pair that would straddle the 67-unit boundary: it starts the second part.
    expect(smsSegments(`${'x'.repeat(66)}😀${'x'.repeat(10)}`)).toMatchObject({
      encoding: 'UCS-2',
      units: 78,
      segments: 2,
      remaining: 67 - 12,
    });
  });

  it('treats right-to-left scripts as UCS-2', () => {
    expect(smsSegments('مرحبا بك')).toMatchObject({ encoding: 'UCS-2', units: 8, segments: 1 });
    expect(smsSegments('שלום')).toMatchObject({ encoding: 'UCS-2', units: 4 });
  });
});
