import { Transform, type TransformCallback } from 'node:stream';
import {
  type Attachment,
  type HeaderLines,
  type Headers,
  MailParser,
  type MailParserOptions,
  type MessageText,
  type ParsedMail,
} from 'mailparser';
import { htmlToText, textToHtml } from '../../platform/html.js';
import { decodeText } from './email.charset.js';

/**
 * mailparser (3.9) with best-effort text: every text part and every header goes through `decodeText` (charset
 * guessed when the label is missing, wrong or unknown; no NUL or control characters), where mailparser alone
 * trusts the label and turns undecodable bytes of UTF-8-labelled or unlabelled parts and raw 8-bit headers into
 * U+FFFD. It relies on three methods of mailparser's parser (pinned version; the e-mail corpus test guards them):
 * `createNode` (a part's charset), `getDecoder` (the charset decoder) and `processHeaders` (a part's header lines).
 */
interface ParserNode {
  contentType?: string;
  charset?: string;
}
interface SplitNode {
  charset?: string;
}
interface HeaderLine {
  key: string;
  line: string;
}
interface ParserInternals {
  createNode(node: SplitNode): ParserNode;
  getDecoder(): { decodeStream(charset: string): Transform };
  processHeaders(lines: HeaderLine[]): Headers;
  headerLines: HeaderLines;
}
type InternalParser = MailParser & ParserInternals;
const BaseParser = MailParser as unknown as new (options?: MailParserOptions) => InternalParser;

/** A charset label that no decoder matches, so mailparser always hands text parts to `getDecoder`. */
const LABEL_PREFIX = 'x-best-effort:';

/** Collects a text part's bytes and hands over its best-effort text as UTF-8. */
class BestEffortDecoder extends Transform {
  private readonly chunks: Buffer[] = [];

  constructor(private readonly label: string) {
    super();
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, done: TransformCallback) {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    done();
  }

  override _flush(done: TransformCallback) {
    this.push(Buffer.from(decodeText(Buffer.concat(this.chunks), this.label || null), 'utf8'));
    done();
  }
}

/** A raw header line (bytes as a binary string) as UTF-8: 8-bit bytes in the part's charset or a guessed one. */
function headerLineAsUtf8(line: string, charset: string | null): string {
  if (!/[\x80-\xff]/.test(line)) return line;
  const bytes = Buffer.from(line, 'binary');
  return Buffer.from(decodeText(bytes, charset), 'utf8').toString('binary');
}

function charsetParam(lines: HeaderLine[]): string | null {
  const contentType = lines.find((header) => header.key === 'content-type')?.line ?? '';
  return /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? null;
}

/** The first charset a message declares anywhere: the best hint for raw 8-bit headers that name none. */
function declaredCharset(source: Buffer): string | null {
  const head = source.subarray(0, 64 * 1024).toString('latin1');
  for (const match of head.matchAll(/charset\s*=\s*"?([^";\s]+)/gi)) {
    if (!/ascii/i.test(match[1])) return match[1];
  }
  return null;
}

class BestEffortMailParser extends BaseParser {
  constructor(
    options: MailParserOptions,
    private readonly messageCharset: string | null,
  ) {
    super(options);
  }

  override createNode(node: SplitNode): ParserNode {
    const created = super.createNode(node);
    if (!/^multipart\//i.test(created.contentType ?? '')) created.charset = `${LABEL_PREFIX}${node.charset ?? ''}`;
    return created;
  }

  override getDecoder() {
    return {
      decodeStream: (charset: string) =>
        new BestEffortDecoder(charset.startsWith(LABEL_PREFIX) ? charset.slice(LABEL_PREFIX.length) : charset),
    };
  }

  override processHeaders(lines: HeaderLine[]): Headers {
    const charset = charsetParam(lines) ?? this.messageCharset;
    return super.processHeaders(lines.map((header) => ({ ...header, line: headerLineAsUtf8(header.line, charset) })));
  }
}

/** One uuencoded line: a length character, then groups of four characters of 6 bits each (32-96). */
const UU_LINE = /^[\x20-\x60]*$/;

/** The bytes of uuencoded lines (the ones between `begin` and `end`, or all of them). */
export function uudecode(encoded: string): Buffer {
  const bytes: number[] = [];
  const sixBits = (line: string, index: number) => ((line.charCodeAt(index) || 32) - 32) & 63;
  for (const line of encoded.split(/\r?\n/)) {
    if (/^begin [0-7]{3,4} /.test(line) || !line || !UU_LINE.test(line)) continue;
    if (/^end\s*$/.test(line)) break;
    const length = sixBits(line, 0);
    const decoded: number[] = [];
    for (let index = 1; decoded.length < length; index += 4) {
      const [a, b, c, d] = [0, 1, 2, 3].map((offset) => sixBits(line, index + offset));
      decoded.push((a << 2) | (b >> 4), ((b & 15) << 4) | (c >> 2), ((c & 3) << 6) | d);
    }
    bytes.push(...decoded.slice(0, length));
  }
  return Buffer.from(bytes);
}

/** `begin 644 name` ... `end` blocks that old mail programs put in the text instead of attachments. */
const UU_BLOCK = /^begin [0-7]{3,4} ([^\n]+)\n((?:[\x20-\x60]*\n)+?)end[ \t]*$/gm;

/** Moves uuencoded blocks out of the text into attachments; decodes x-uuencode attachments. */
function extractUuencoded(mail: ParsedMail): void {
  for (const file of mail.attachments) {
    const encoding = String(file.headers?.get('content-transfer-encoding') ?? '').toLowerCase();
    if (/^x-uu(e|encode)$|^uuencode$/.test(encoding)) file.content = uudecode(file.content.toString('latin1'));
  }
  if (!mail.text?.includes('begin ')) return;
  mail.text = mail.text.replace(UU_BLOCK, (_block, name: string, lines: string) => {
    const content = uudecode(lines);
    mail.attachments.push({
      type: 'attachment',
      content,
      contentType: 'application/octet-stream',
      contentDisposition: 'attachment',
      filename: name.trim(),
      headers: new Map(),
      headerLines: [],
      checksum: '',
      size: content.length,
      related: false,
    } as Attachment);
    return '';
  });
}

/** How deep forwarded messages inside forwarded messages are shown in the text. */
const MAX_FORWARD_DEPTH = 3;

/**
 * Forwarded messages (message/rfc822 parts) are kept whole, as files; the ones the sender forwarded inline are also
 * shown at the end of the text (and HTML), under their From, Date and Subject, as mail programs show them.
 */
async function showInlineForwards(mail: ParsedMail, depth: number): Promise<void> {
  if (depth >= MAX_FORWARD_DEPTH) return;
  for (const file of mail.attachments) {
    if (file.contentType?.toLowerCase() !== 'message/rfc822' || file.contentDisposition !== 'inline') continue;
    const forwarded = await parseMail(file.content, depth + 1).catch(() => null);
    if (!forwarded) continue;
    const heading = [
      '---------- Mensaje reenviado ----------',
      forwarded.from?.text ? `De: ${forwarded.from.text}` : '',
      forwarded.date ? `Fecha: ${forwarded.date.toUTCString()}` : '',
      forwarded.subject ? `Asunto: ${forwarded.subject}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const text = forwarded.text?.trim() || (typeof forwarded.html === 'string' ? htmlToText(forwarded.html) : '');
    mail.text = `${mail.text?.trimEnd() ?? ''}\n\n${heading}\n\n${text}`.trim();
    if (typeof mail.html === 'string') {
      const body = typeof forwarded.html === 'string' ? forwarded.html : textToHtml(text);
      mail.html = `${mail.html}<br/>\n<p>${textToHtml(heading)}</p>\n${body}`;
    }
  }
}

/** Header fields mailparser's simpleParser lifts onto the parsed mail. */
const LIFTED = ['subject', 'references', 'date', 'to', 'from', 'cc', 'bcc', 'message-id', 'in-reply-to', 'reply-to'];

/**
 * Parses a raw message like mailparser's `simpleParser` (headers, text, HTML, attachments in memory; `cid:` links
 * kept), with best-effort text. Rejects only when the source cannot be read as a message at all.
 */
export function parseMail(source: Buffer, depth = 0): Promise<ParsedMail> {
  return new Promise<ParsedMail>((resolve, reject) => {
    // ignoreEmbedded: forwarded messages stay whole (mailsplit's option), see showInlineForwards.
    const options = { skipImageLinks: true, skipTextToHtml: true, ignoreEmbedded: true } as MailParserOptions;
    const parser = new BestEffortMailParser(options, declaredCharset(source));
    const mail = { attachments: [] as Attachment[], html: false } as ParsedMail;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      parser.destroy();
      reject(error);
    };
    parser.on('headers', (headers: Headers) => {
      mail.headers = headers;
      mail.headerLines = parser.headerLines;
    });
    parser.on('data', (data: MessageText | (Attachment & { type: 'attachment'; release(): void })) => {
      if (data.type === 'text') {
        if (typeof data.text === 'string') mail.text = data.text;
        if (typeof data.html === 'string') mail.html = data.html;
        return;
      }
      const chunks: Buffer[] = [];
      const content = data.content as unknown as NodeJS.ReadableStream;
      content.on('data', (chunk: Buffer) => chunks.push(chunk));
      content.on('end', () => {
        mail.attachments.push({ ...data, content: Buffer.concat(chunks) });
        data.release();
      });
      content.on('error', fail);
    });
    parser.on('error', fail);
    parser.on('end', () => {
      if (settled) return;
      settled = true;
      for (const key of LIFTED) {
        const value = mail.headers?.get(key);
        if (value !== undefined) {
          (mail as unknown as Record<string, unknown>)[key.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase())] =
            value;
        }
      }
      mail.headers ??= new Map();
      mail.headerLines ??= [];
      extractUuencoded(mail);
      resolve(mail);
    });
    parser.end(source);
  }).then(async (mail) => {
    await showInlineForwards(mail, depth);
    return mail;
  });
}
