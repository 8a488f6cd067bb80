/**
 * How many SMS a text takes, the way carriers and Twilio count it: GSM-7 (GSM 03.38's default alphabet, 7-bit
 * septets) when every character is in the basic set or its extension table, else UCS-2 (UTF-16 code units). One
 * message holds 160 septets or 70 code units; a longer text is split into parts that each lose room to the
 * concatenation header (153 septets, 67 code units), and a part never splits an escaped character (two septets) or
 * a surrogate pair.
 */

/** GSM 03.38's basic character set: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each is sent as the escape septet and one more, so it counts two. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const satisfies Record<SmsEncoding, { single: number; part: number }>;

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** Messages the carrier delivers it as (0 for an empty text). */
  segments: number;
  /** Room of each segment at this length: 160/70 for one message, 153/67 for a split one. */
  perSegment: number;
  /** Units left in the last segment before another one starts. */
  remaining: number;
}

/** Septets of one character in GSM-7, or null when GSM-7 cannot carry it. */
function septetsOf(character: string): 1 | 2 | null {
  if (basic.has(character)) return 1;
  if (extension.has(character)) return 2;
  return null;
}

/** Whether every character of the text is in GSM-7 (basic set or extension table). */
export function isGsm7(text: string): boolean {
  for (const character of text) if (septetsOf(character) === null) return false;
  return true;
}

/** Parts of `part` units each, filled in order without splitting a character's units across two parts. */
function partsOf(sizes: readonly number[], part: number): { segments: number; used: number } {
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { segments, used };
}

/** The SMS segment count of a text (see the module's comment for the rules). */
export function smsSegments(text: string): SmsSegments {
  const characters = Array.from(text);
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  // UCS-2 counts UTF-16 code units: a character outside the BMP (most emoji) takes two.
  const sizes = characters.map((character) => (encoding === 'GSM-7' ? (septetsOf(character) ?? 1) : character.length));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const limits = SMS_LIMITS[encoding];
  if (units === 0) return { encoding, units, segments: 0, perSegment: limits.single, remaining: limits.single };
  if (units <= limits.single) {
    return { encoding, units, segments: 1, perSegment: limits.single, remaining: limits.single - units };
  }
  const { segments, used } = partsOf(sizes, limits.part);
  return { encoding, units, segments, perSegment: limits.part, remaining: limits.part - used };
}
