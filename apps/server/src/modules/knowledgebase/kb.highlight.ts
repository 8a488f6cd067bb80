import type { KbHighlight } from '@atiende/contracts';
import { searchable } from '../../platform/text.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** Whether a word of the text is one the search found: its folded form starts with a stem of the search. */
function matches(word: string, stems: readonly string[]): boolean {
  const plain = searchable(word);
  return stems.some((stem) => (stem.length > 1 ? plain.startsWith(stem) : plain === stem));
}

/**
 * Text as segments, the words the search found marked (`match`). The stems are PostgreSQL's for the search in both
 * languages, so "atencion" marks "atención" and "atenciones" as the index found them. Segments, not HTML: whoever
 * shows them escapes the text.
 */
export function highlight(text: string, stems: readonly string[]): KbHighlight {
  const segments: KbHighlight = [];
  const push = (part: string, match: boolean) => {
    if (!part) return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += part;
    else segments.push({ text: part, match });
  };
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    const start = found.index ?? 0;
    if (!matches(found[0], stems)) continue;
    push(text.slice(at, start), false);
    push(found[0], true);
    at = start + found[0].length;
  }
  push(text.slice(at), false);
  return segments;
}

/**
 * About `length` characters of the text around the first word the search found (from the start when none is),
 * cut at spaces, with an ellipsis where text was left out; highlighted.
 */
export function snippet(text: string, stems: readonly string[], length = 240): KbHighlight {
  const flat = text.replace(/\s+/g, ' ').trim();
  let first = -1;
  for (const found of flat.matchAll(WORD)) {
    if (matches(found[0], stems)) {
      first = found.index ?? 0;
      break;
    }
  }
  let from = first < 0 ? 0 : Math.max(0, first - Math.floor(length / 3));
  if (from > 0) {
    const space = flat.indexOf(' ', from);
    from = space >= 0 && space < first ? space + 1 : from;
  }
  let to = Math.min(flat.length, from + length);
  if (to < flat.length) {
    const space = flat.lastIndexOf(' ', to);
    to = space > from ? space : to;
  }
  const body = flat.slice(from, to);
  return highlight(`${from > 0 ? '…' : ''}${body}${to < flat.length ? '…' : ''}`, stems);
}
