import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FailedInboundMessage } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller } from '../../test/desk.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { threadingOf } from './email.message.js';
import { parseMail } from './email.parse.js';
import { createEmailIngest } from './email.service.js';
import type { IngestOutcome } from './mailbox.poller.js';

/**
 * Every message of the real-world corpus (corpus/README.md: bounces of dozens of MTAs, auto-replies, newsletters,
 * forwards, S/MIME, uuencode, malformed headers and boundaries, charsets labelled right, wrong and not at all)
 * through the real parsing path and the one inbound pipeline: none may be lost.
 */
const CORPUS = fileURLToPath(new URL('./corpus/messages/', import.meta.url));
const ADDRESS = 'soporte@atiende.test';
// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never reach the database or the reader.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const NOT_A_CONVERSATION = [
  'auto-replied',
  'x-autoreply',
  'precedence-auto-reply',
  'report',
  'bounce',
  'null-sender',
  'mailer-daemon',
  'own-address',
];

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

function messagesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? messagesIn(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let sequence = 0;

async function emailChannel(extra: Record<string, unknown> = {}): Promise<ChannelRow> {
  sequence += 1;
  const stamp = `${Date.now()}-${sequence}`;
  const channel = await api.post('/api/v2/channels', admin, {
    name: `Correo corpus ${stamp}`,
    type: 'email',
    direction: 'blended',
    config: {
      address: ADDRESS,
      smtpHost: '127.0.0.1',
      smtpPort: 2525,
      smtpUser: 'corpus',
      smtpPassword: 'corpus',
      imapHost: '127.0.0.1',
      imapPort: 1143,
      imapUser: 'corpus',
      imapPassword: 'corpus',
    },
    ...extra,
  });
  expect(channel.statusCode, channel.body).toBe(201);
  const channelId = channel.json().result.id as number;
  const campaign = await api.post('/api/v2/campaigns', admin, {
    name: `Campaña corpus ${stamp}`,
    type: 'inbound',
    channelIds: [channelId],
    agents: [],
    supervisorIds: [],
    config: {
      ticketCombination: 'none',
      transcriptionSending: false,
      closeWithoutTask: true,
      closeWithoutCustomerInfo: true,
    },
  });
  expect(campaign.statusCode, campaign.body).toBe(201);
  return (await channelsRepo.find(t.ctx.db, channelId)) as ChannelRow;
}

beforeAll(async () => {
  // The corpus channels name a mail server on this machine that no test contacts: allowed as an operator would.
  t = await createTestApp({ allowOutbound: ['127.0.0.1:2525', '127.0.0.1:1143'] });
  api = caller(t);
  admin = await signedIn(t, 'admin');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the e-mail corpus', () => {
  it('loses no message: each is stored with readable text, recognised as automatic, or listed as failed', async () => {
    const channel = await emailChannel();
    const { ingest } = createEmailIngest(t.ctx, t.services.inbound);
    const files = messagesIn(CORPUS);
    expect(files.length).toBeGreaterThan(500);
    const outcomes = new Map<string, IngestOutcome>();
    for (const file of files) outcomes.set(path.relative(CORPUS, file), await ingest(channel, fs.readFileSync(file)));
    await t.services.inbound.idle();

    const byStatus = (status: IngestOutcome['status']) =>
      [...outcomes].filter(([, outcome]) => outcome.status === status).map(([file]) => file);
    for (const file of [...byStatus('recorded'), ...byStatus('duplicate')]) {
      const source = fs.readFileSync(path.join(CORPUS, file));
      const { providerMessageId } = threadingOf(await parseMail(source), source);
      const stored = await interactionsRepo.messageByProviderId(t.ctx.db, channel.id, providerMessageId);
      expect(stored, file).not.toBeNull();
      expect(stored?.bodyText.trim(), file).not.toBe('');
      expect(stored?.bodyText, file).not.toMatch(CONTROL);
      expect(stored?.bodyHtml, file).not.toContain('\u0000');
    }
    for (const file of byStatus('skipped')) {
      const outcome = outcomes.get(file) as { reason: string };
      expect(NOT_A_CONVERSATION, file).toContain(outcome.reason);
    }
    // One row per distinct source (the corpus holds a few byte-identical copies).
    const failed = new Set(byStatus('failed').map((file) => sha256(fs.readFileSync(path.join(CORPUS, file)))));
    const listed: FailedInboundMessage[] = [];
    for (let page = 1; listed.length < failed.size; page += 1) {
      const response = await api.get(
        `/api/v2/channels/${channel.id}/failed-messages?page=${page}&sizePerPage=100`,
        admin,
      );
      expect(response.statusCode).toBe(200);
      const result = response.json().result;
      expect(result.total).toBe(failed.size);
      if (result.data.length === 0) break;
      listed.push(...result.data);
    }
    expect(listed).toHaveLength(failed.size);
    for (const row of listed) expect(row.reason).toBeTruthy();

    expect(outcomes.size).toBe(files.length);
    expect(byStatus('recorded').length).toBeGreaterThan(150);
    expect(byStatus('skipped').length).toBeGreaterThan(150);

    // Some messages by what they are.
    const statusOf = (file: string) => outcomes.get(file)?.status;
    for (const bounceOrAutoReply of [
      'sisimai/rfc3834-01.eml',
      'sisimai/rfc3464-01.eml',
      'sisimai/lhost-postfix-01.eml',
      'sisimai/lhost-exim-01.eml',
      'sisimai/lhost-office365-01.eml',
      'sisimai/lhost-gmail-01.eml',
      'mimekit/messages/disposition-notification.txt',
    ]) {
      expect(statusOf(bounceOrAutoReply), bounceOrAutoReply).toBe('skipped');
    }
    for (const taken of [
      'spamscope/mail_test_13',
      'mailparser/htmllargecallstack.eml',
      'thunderbird/smime/alice.env.eml',
      'mimekit/smime/thunderbird-signed.txt',
      'mikel-mail/attachment_emails/attachment_message_rfc822.eml',
    ]) {
      expect(['recorded', 'duplicate'], taken).toContain(statusOf(taken));
    }
    expect(outcomes.get('spamscope/mail_outlook_1')).toEqual({ status: 'failed', reason: 'no-sender' });
    expect(outcomes.get('enmime/parts/textplain.raw')).toEqual({ status: 'failed', reason: 'no-sender' });

    // Charsets labelled right, wrong or not at all arrive readable.
    const textOf = async (file: string) => {
      const source = fs.readFileSync(path.join(CORPUS, file));
      const { providerMessageId } = threadingOf(await parseMail(source), source);
      return (await interactionsRepo.messageByProviderId(t.ctx.db, channel.id, providerMessageId))?.bodyText;
    };
    expect(await textOf('spamscope/mail_test_12')).toContain('我公司可代开各类增值税发票');
    expect(await textOf('mikel-mail/multi_charset/japanese_shift_jis.eml')).toContain(
      'このメールはテスト用のメールです',
    );
    expect(await textOf('mikel-mail/plain_emails/raw_email.eml')).toContain('대부분의 마찬가지로');
    expect(await textOf('mimekit/tnef/ukr.eml')).toContain('шостий');
    expect(await textOf('thunderbird/bad-charset.eml')).toContain('Matterhorn1');
    expect(await textOf('mailparser/htmllargecallstack.eml')).not.toBe('Kill the HTML parser');
  }, 600_000);

  it('takes newsletters and notifications but never answers them automatically; people get the unavailable notice', async () => {
    const channel = await emailChannel({
      // Always outside business hours: every message a person sends gets the notice.
      businessHours: { enabled: true, timezone: 'America/Bogota', days: [] },
      unavailableMessage: 'Estamos fuera de horario; le responderemos pronto.',
    });
    const { ingest } = createEmailIngest(t.ctx, t.services.inbound);
    const newsletter = await ingest(channel, fs.readFileSync(path.join(CORPUS, 'spamscope/mail_test_13')));
    const person = await ingest(
      channel,
      fs.readFileSync(path.join(CORPUS, 'mikel-mail/plain_emails/raw_email_reply.eml')),
    );
    await t.services.inbound.idle();
    expect(newsletter.status).toBe('recorded');
    expect(person.status).toBe('recorded');
    const outgoing = async (outcome: IngestOutcome) => {
      const view = await api.get(`/api/v2/tickets/${(outcome as { ticketId: number }).ticketId}`, admin);
      return view
        .json()
        .result.interactions.flatMap((interaction: { messages: { direction: number }[] }) => interaction.messages)
        .filter((message: { direction: number }) => message.direction === 1);
    };
    expect(await outgoing(person)).toHaveLength(1);
    expect(await outgoing(newsletter)).toHaveLength(0);
  });
});
