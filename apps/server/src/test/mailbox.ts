import fs from 'node:fs';
import path from 'node:path';

/** Decodes quoted-printable bodies as nodemailer writes them (soft line breaks and =XX bytes). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  body: string;
}

function readMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    body: /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body,
  };
}

/** Every .eml in the outbox, oldest first (none when the folder does not exist yet). */
export function readOutbox(outboxDir: string): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readMail(path.join(outboxDir, name)));
}

/** Waits for a new .eml in the outbox addressed to `to` (newer than `since`), as a person would open it. */
export async function waitForMail(
  outboxDir: string,
  to: string,
  options: { since?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const since = options.since ?? 0;
  while (Date.now() < deadline) {
    if (fs.existsSync(outboxDir)) {
      const files = fs
        .readdirSync(outboxDir)
        .filter((name) => name.endsWith('.eml') && Number.parseInt(name, 10) >= since)
        .sort()
        .reverse();
      for (const name of files) {
        const mail = readMail(path.join(outboxDir, name));
        if (mail.to.toLowerCase().includes(to.toLowerCase())) return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} arrived in ${outboxDir}`);
}

export function verificationCodeIn(mail: OutboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
  if (!code) throw new Error(`no verification code in ${mail.file}`);
  return code;
}

export function resetLinkIn(mail: OutboxMail): string {
  const link = /(https?:\/\/\S+\/v2\/reset-password\/\S+)/.exec(mail.body)?.[1];
  if (!link) throw new Error(`no reset link in ${mail.file}`);
  return link;
}
