import chardet from 'chardet';
import iconv from 'iconv-lite';
import { stripControlCharacters } from '../../platform/text.js';

/**
 * Best-effort decoding of the text of real-world mail: bytes in any charset, labelled right, wrong or not at all,
 * become readable text without NUL or control characters. The label is trusted unless the bytes prove it wrong:
 * bytes that are valid UTF-8 with several multi-byte sequences are UTF-8 whatever the label says (a common
 * mislabel), and bytes that are not valid in the labelled (or missing, or unknown) charset are guessed with chardet.
 * iconv-lite decodes; the platform's WHATWG TextDecoder covers the few labels iconv-lite lacks (ISO-2022-JP).
 */

/** Labels written by mail programs, mapped to the charset that decodes them (often a superset, as browsers do). */
const ALIASES: Record<string, string> = {
  ascii: 'windows-1252',
  'us-ascii': 'windows-1252',
  'iso-8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'iso-8859-9': 'windows-1254',
  'iso-8859-11': 'windows-874',
  'tis-620': 'windows-874',
  'iso-8859-8-i': 'iso-8859-8',
  gb2312: 'gb18030',
  gbk: 'gb18030',
  'x-gbk': 'gb18030',
  'euc-cn': 'gb18030',
  cp936: 'gb18030',
  shift_jis: 'cp932',
  'shift-jis': 'cp932',
  sjis: 'cp932',
  'x-sjis': 'cp932',
  ms_kanji: 'cp932',
  'euc-kr': 'cp949',
  'ks_c_5601-1987': 'cp949',
  ks_c_5601: 'cp949',
  'unicode-1-1-utf-7': 'utf-7',
  'x-unicode-2-0-utf-7': 'utf-7',
  utf8: 'utf-8',
};

/** chardet's names, mapped like the labels (ISO-8859-1 text is usually windows-1252: curly quotes, euro). */
const GUESSES: Record<string, string> = {
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-9': 'windows-1254',
  Shift_JIS: 'cp932',
  'EUC-KR': 'cp949',
  GB18030: 'gb18030',
};

/** Charsets whose bytes are all 7-bit: 8-bit bytes under such a label prove the label wrong. */
const SEVEN_BIT = /^(utf-7|iso-2022-)/;
const UNICODE_WIDE = /^utf-(16|32)/;
/** Double-byte charsets: their pairs can look like UTF-8 by chance in a short text (single-byte ones cannot). */
const DOUBLE_BYTE = /^(gb|big5|cp9[345]|euc-|shift|windows-31j)/;
const SAMPLE_BYTES = 64 * 1024;
/** chardet's rule: more than 3 valid multi-byte sequences (and none invalid) is UTF-8 for sure. */
const SURE_UTF8_SEQUENCES = 4;
/** UTF-8 with a damaged byte here and there is still UTF-8 (one bad byte must not garble a whole newsletter). */
const DAMAGED_UTF8_RATIO = 10;
const FALLBACK = 'windows-1252';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The charset a label means, or null when neither decoder knows it ("x-unknown", typos). */
export function charsetOf(label: string | null | undefined): string | null {
  const name = (label ?? '')
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (!name) return null;
  const charset = ALIASES[name] ?? name;
  if (iconv.encodingExists(charset)) return charset;
  try {
    return new TextDecoder(charset).encoding;
  } catch {
    return null;
  }
}

function decodeWith(charset: string, bytes: Uint8Array): string {
  if (iconv.encodingExists(charset)) return iconv.decode(Buffer.from(bytes), charset);
  return new TextDecoder(charset).decode(bytes);
}

function asUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Valid and invalid UTF-8 multi-byte sequences in the bytes (chardet's count). */
function utf8Sequences(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (byte < 0x80) continue;
    const trail =
      byte >= 0xc2 && byte <= 0xdf ? 1 : byte >= 0xe0 && byte <= 0xef ? 2 : byte >= 0xf0 && byte <= 0xf4 ? 3 : 0;
    let complete = trail > 0;
    for (let next = 1; complete && next <= trail; next += 1) {
      if (((bytes[index + next] ?? 0) & 0xc0) !== 0x80) complete = false;
    }
    if (complete) {
      valid += 1;
      index += trail;
    } else invalid += 1;
  }
  return { valid, invalid };
}

const hasEightBitBytes = (bytes: Uint8Array) => bytes.some((byte) => byte >= 0x80);

function byteOrderMark(bytes: Uint8Array): { charset: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', length: 2 };
  return null;
}

/** chardet's best guess among the charsets we can decode (7-bit ones only when their escapes are there). */
export function guessCharset(bytes: Uint8Array): string {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const escapes = sample.includes(0x1b);
  for (const match of chardet.analyse(sample)) {
    if (match.name === 'UTF-8' || match.confidence < 10) continue;
    if (match.name.startsWith('ISO-2022') && !escapes) continue;
    const charset = charsetOf(GUESSES[match.name] ?? match.name);
    if (charset) return charset;
  }
  return FALLBACK;
}

/** The charset an HTML document names in its head (`<meta charset>` or `http-equiv` content), if any. */
function metaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

/**
 * The charset that decodes these bytes: the label (else the HTML's own `<meta charset>`) when the bytes agree with
 * it, else what the bytes show.
 */
export function charsetFor(bytes: Uint8Array, label: string | null | undefined): string {
  const bom = byteOrderMark(bytes);
  if (bom) return bom.charset;
  const declared = charsetOf(label) ?? charsetOf(metaCharset(bytes));
  if (declared && (UNICODE_WIDE.test(declared) || (SEVEN_BIT.test(declared) && !hasEightBitBytes(bytes)))) {
    return declared;
  }
  const usable = declared && !SEVEN_BIT.test(declared) ? declared : null;
  const sequences = utf8Sequences(bytes);
  if (sequences.invalid === 0 && asUtf8(bytes) !== null) {
    const sure = DOUBLE_BYTE.test(usable ?? '') ? sequences.valid >= SURE_UTF8_SEQUENCES : sequences.valid > 0;
    if (!usable || usable === 'utf-8' || sure) {
      // Unlabelled 7-bit text with escapes is ISO-2022 (Japanese mail) more often than ASCII.
      return !usable && bytes.includes(0x1b) ? guessCharset(bytes) : 'utf-8';
    }
    return usable;
  }
  if (usable && usable !== 'utf-8' && !/ascii/i.test(label ?? '')) return usable;
  if (sequences.valid > sequences.invalid * DAMAGED_UTF8_RATIO) return 'utf-8';
  return guessCharset(bytes);
}

/**
 * C1 control characters in decoded text are Windows-1252 bytes read as ISO-8859-1 (or re-encoded so): the
 * characters they were meant to be (€, curly quotes, dashes).
 */
function windows1252Controls(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (control) => iconv.decode(Buffer.from([control.charCodeAt(0)]), FALLBACK));
}

/** Bytes as readable text: best-effort charset, then without NUL and other control characters. */
export function decodeText(bytes: Uint8Array, label?: string | null): string {
  if (bytes.length === 0) return '';
  const bom = byteOrderMark(bytes);
  const charset = charsetFor(bytes, label);
  return stripControlCharacters(windows1252Controls(decodeWith(charset, bom ? bytes.subarray(bom.length) : bytes)));
}
