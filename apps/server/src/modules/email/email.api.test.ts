import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer/lib/mailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postFile, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, waitFor } from '../../test/desk.js';
import { type DovecotServer, startDovecot } from '../../test/dovecot.js';
import { waitForMail } from '../../test/mailbox.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { MessageFailure } from './email.failures.js';
import { emailRepo } from './email.repo.js';
import { createEmailChannel, type EmailChannel } from './email.service.js';

/** A file of the real-world corpus (see corpus/README.md). */
const corpus = (file: string) => fs.readFileSync(new URL(`./corpus/${file}`, import.meta.url));

const ADDRESS = 'soporte@atiende.test';
const SMTP_USER = 'soporte';
const SMTP_PASSWORD = 'Smtp.Secreto.2026';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let dovecot: DovecotServer;
let smtp: SMTPServer;
let smtpPort: number;
const sent: { auth: string | null; mail: ParsedMail }[] = [];
let channelId: number;
let email: EmailChannel;
let sequence = 0;

/** A raw RFC 822 message as a mail client writes it (nodemailer's composer). */
async function compose(options: SendMailOptions): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail({ to: ADDRESS, ...options });
  return info.message as Buffer;
}

function unique(prefix: string) {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}`;
}

async function ticketOf(providerMessageId: string) {
  const found = await interactionsRepo.messageByProviderId(t.ctx.db, channelId, providerMessageId);
  return found?.ticketId ?? null;
}

async function ticketView(ticketId: number) {
  const response = await api.get(`/api/v2/tickets/${ticketId}`, admin);
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

const messagesIn = (view: { interactions: { messages: { direction: number; html: string; text: string }[] }[] }) =>
  view.interactions.flatMap((interaction) => interaction.messages);

beforeAll(async () => {
  dovecot = await startDovecot({ user: ADDRESS, password: 'Buzon.Secreto.2026' });
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          sent.push({ auth: typeof session.user === 'string' ? session.user : null, mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  t = await createTestApp({ allowOutbound: [`127.0.0.1:${smtpPort}`, `${dovecot.host}:${dovecot.port}`] });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  const stamp = unique('canal');
  const channel = await api.post('/api/v2/channels', admin, {
    name: `Correo ${stamp}`,
    type: 'email',
    direction: 'blended',
    config: {
      address: ADDRESS,
      smtpHost: '127.0.0.1',
      smtpPort,
      smtpSecure: false,
      smtpUser: SMTP_USER,
      smtpPassword: SMTP_PASSWORD,
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: dovecot.user,
      imapPassword: dovecot.password,
    },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  channelId = channel.json().result.id;
  const campaign = await api.post('/api/v2/campaigns', admin, {
    name: `Campaña ${stamp}`,
    type: 'inbound',
    channelIds: [channelId],
    agents: [],
    supervisorIds: [],
    // One ticket per message unless the thread joins it: threading alone must keep conversations together.
    config: {
      ticketCombination: 'none',
      transcriptionSending: true,
      closeWithoutTask: true,
      closeWithoutCustomerInfo: true,
    },
  });
  expect(campaign.statusCode, campaign.body).toBe(201);
  email = createEmailChannel(t.ctx, t.services.inbound, { intervalMs: 200 });
}, 300_000);

afterAll(async () => {
  await email?.stop();
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await dovecot?.stop();
});

describe('e-mail channel', () => {
  it('turns a customer e-mail into a ticket with the customer and an interaction, once', async () => {
    const customer = `${unique('ana')}@cliente.test`;
    const messageId = `<${unique('primero')}@cliente.test>`;
    await dovecot.deliver(
      await compose({
        from: { name: 'Ana Cliente', address: customer },
        subject: 'Factura duplicada',
        text: 'Hola,\nme cobraron dos veces la factura 123.',
        messageId,
      }),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ status: 'done', recorded: 1, skipped: 0 });
    const ticketId = await ticketOf(messageId);
    expect(ticketId).not.toBeNull();
    const view = await ticketView(ticketId as number);
    expect(view.customer.fullName).toBe('Ana Cliente');
    expect(view.interactions).toHaveLength(1);
    expect(view.interactions[0]).toMatchObject({ contactValue: customer, channel: { typeName: 'email' } });
    expect(messagesIn(view)).toHaveLength(1);
    expect(messagesIn(view)[0].text).toContain('me cobraron dos veces');

    // Polling again reads nothing new; a lost position (crash) or a re-created mailbox re-reads without duplicates.
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 0, duplicates: 0 });
    await t.ctx.db.execute(sql`update mailbox_states set last_uid = 0 where channel_id = ${channelId}`);
    const reread = await email.poller.pollNow(channelId);
    expect(reread.recorded).toBe(0);
    expect(reread.duplicates).toBeGreaterThanOrEqual(1);
    await t.ctx.db.execute(sql`update mailbox_states set uid_validity = 1 where channel_id = ${channelId}`);
    expect((await email.poller.pollNow(channelId)).recorded).toBe(0);
    expect(messagesIn(await ticketView(ticketId as number))).toHaveLength(1);
    const state = await emailRepo.state(t.ctx.db, channelId);
    expect(state?.uidValidity).not.toBe(1);
    expect(state?.lastError).toBeNull();
    expect(state?.lastPolledAt).not.toBeNull();
  });

  it('joins replies to the thread, answers with threading headers and takes the answer to that reply', async () => {
    const customer = `${unique('bruno')}@cliente.test`;
    const first = `<${unique('hilo')}@cliente.test>`;
    const second = `<${unique('respuesta')}@cliente.test>`;
    await dovecot.deliver(
      await compose({
        from: customer,
        subject: 'No llega mi pedido',
        text: 'Pedido 555 sin entregar',
        messageId: first,
      }),
    );
    await dovecot.deliver(
      await compose({
        from: customer,
        subject: 'Re: No llega mi pedido',
        text: 'Sigo esperando',
        messageId: second,
        inReplyTo: first,
        references: [first],
      }),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 2 });
    const ticketId = await ticketOf(first);
    expect(ticketId).not.toBeNull();
    expect(await ticketOf(second)).toBe(ticketId);

    // The agent answers from the ticket view: it leaves through the channel's SMTP server, authenticated.
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, {
      text: 'Su pedido sale hoy.\nGracias por esperar.',
      html: '<p>Su pedido <strong>sale hoy</strong>.</p><p>Gracias por esperar.</p>',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const outgoing = await waitFor(
      () => sent.find((entry) => entry.mail.to && JSON.stringify(entry.mail.to).includes(customer)),
      'the agent reply at the SMTP server',
    );
    const view = await ticketView(ticketId as number);
    expect(outgoing.auth).toBe(SMTP_USER);
    expect(outgoing.mail.messageId).toMatch(/^<atiende-\d+-[0-9a-f]+@atiende\.test>$/);
    expect(outgoing.mail.inReplyTo).toBe(second);
    expect(outgoing.mail.references).toEqual([first, second]);
    expect(outgoing.mail.subject).toBe(`Re: [#${view.number}] ${view.description}`);
    expect(outgoing.mail.from?.value[0]?.address).toBe(ADDRESS);
    expect(outgoing.mail.html).toContain('<strong>sale hoy</strong>');
    expect(outgoing.mail.text).toContain('Su pedido sale hoy.');
    const stored = await waitFor(async () => {
      const message = await interactionsRepo.messageByProviderId(
        t.ctx.db,
        channelId,
        outgoing.mail.messageId as string,
      );
      return message;
    }, 'the Message-ID stored as the provider id');
    expect(stored.ticketId).toBe(ticketId);

    // The customer's client names only our reply (no References): it still lands in the same ticket.
    const third = `<${unique('tercero')}@cliente.test>`;
    await dovecot.deliver(
      await compose({
        from: customer,
        subject: `Re: [#${view.number}] ${view.description}`,
        text: '¡Recibido, gracias!',
        messageId: third,
        inReplyTo: outgoing.mail.messageId,
      }),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 1 });
    expect(await ticketOf(third)).toBe(ticketId);
    expect(messagesIn(await ticketView(ticketId as number)).map((message) => message.direction)).toEqual([0, 0, 1, 0]);
  }, 60_000);

  it('does not open tickets for auto-replies or bounces, and moves past them', async () => {
    const autoReply = `<${unique('auto')}@cliente.test>`;
    await dovecot.deliver(
      await compose({
        from: `${unique('vacaciones')}@cliente.test`,
        subject: 'Fuera de la oficina',
        text: 'Estoy de vacaciones hasta el lunes.',
        messageId: autoReply,
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
    const bounce = `<${unique('rebote')}@mx.cliente.test>`;
    const boundary = unique('limite');
    const bounceUid = await dovecot.deliver(
      [
        'From: Mail Delivery System <MAILER-DAEMON@mx.cliente.test>',
        `To: ${ADDRESS}`,
        'Subject: Undelivered Mail Returned to Sender',
        `Message-ID: ${bounce}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'The mail system could not deliver your message to nadie@cliente.test.',
        `--${boundary}`,
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.cliente.test',
        '',
        'Final-Recipient: rfc822; nadie@cliente.test',
        'Action: failed',
        'Status: 5.1.1',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 0, skipped: 2 });
    expect(await ticketOf(autoReply)).toBeNull();
    expect(await ticketOf(bounce)).toBeNull();
    expect((await emailRepo.state(t.ctx.db, channelId))?.lastUid).toBe(bounceUid);
  });

  it('keeps attachments as the ticket’s files and refuses executables; the agent answers with a file', async () => {
    const messageId = `<${unique('adjunto')}@cliente.test>`;
    const customer = `${unique('carla')}@cliente.test`;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    await dovecot.deliver(
      await compose({
        from: customer,
        subject: 'Adjunto la factura',
        text: 'Va la factura en PDF.',
        messageId,
        attachments: [
          { filename: 'factura 123.pdf', content: pdf, contentType: 'application/pdf' },
          { filename: 'programa.exe', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04]) },
        ],
      }),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 1 });
    const ticketId = (await ticketOf(messageId)) as number;
    const view = await ticketView(ticketId);
    expect(view.attachments).toHaveLength(1);
    expect(view.attachments[0]).toMatchObject({
      fileName: 'factura 123.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      uploadedBy: null,
    });
    const download = await api.get(`/api/v2/tickets/${ticketId}/attachments/${view.attachments[0].id}`, admin);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const stored = await interactionsRepo.message(
      t.ctx.db,
      (await interactionsRepo.messageByProviderId(t.ctx.db, channelId, messageId))?.id as number,
    );
    expect(stored?.attachments).toEqual([
      expect.objectContaining({
        attachmentId: view.attachments[0].id,
        name: 'factura 123.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      }),
    ]);
    // The timeline shows the file on the message that brought it.
    expect(messagesIn(view)[0]).toMatchObject({
      attachments: [{ id: view.attachments[0].id, name: 'factura 123.pdf', url: view.attachments[0].url }],
    });

    // Read again after a lost position: the files are not stored twice.
    await t.ctx.db.execute(sql`update mailbox_states set last_uid = 0 where channel_id = ${channelId}`);
    await email.poller.pollNow(channelId);
    expect((await ticketView(ticketId)).attachments).toHaveLength(1);

    // The agent's answer carries a file of the ticket: it arrives as an attachment of the mail.
    const receipt = Buffer.from('%PDF-1.4\n% recibo de pago\n%%EOF\n');
    const uploaded = await postFile(t, `/api/v2/tickets/${ticketId}/attachments`, admin, receipt, 'recibo.pdf');
    expect(uploaded.statusCode).toBe(201);
    const receiptId = Math.max(...uploaded.json().result.attachments.map((file: { id: number }) => file.id));
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, {
      text: 'Adjunto el recibo.',
      attachmentIds: [receiptId],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const outgoing = await waitFor(
      () => sent.find((entry) => entry.mail.to && JSON.stringify(entry.mail.to).includes(customer)),
      'the reply with its file at the SMTP server',
    );
    expect(outgoing.mail.text).toContain('Adjunto el recibo.');
    expect(outgoing.mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['recibo.pdf', 'application/pdf'],
    ]);
    expect(outgoing.mail.attachments[0].content.equals(receipt)).toBe(true);
  });

  it('renders hostile HTML inert in the ticket view', async () => {
    const messageId = `<${unique('html')}@cliente.test>`;
    await dovecot.deliver(
      await compose({
        from: `${unique('mallory')}@cliente.test`,
        subject: 'Mire esto',
        messageId,
        html:
          '<p>Hola <b>equipo</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
          '<a href="javascript:alert(3)">clic</a><svg onload="alert(4)"><circle r="1"/></svg>' +
          '<div onclick="alert(5)" style="background:url(javascript:alert(6))">div</div>' +
          '<iframe src="https://malo.test"></iframe><style>body{display:none}</style>' +
          '<a href="https://bueno.test/ayuda">ayuda</a>',
      }),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 1 });
    const [message] = messagesIn(await ticketView((await ticketOf(messageId)) as number));
    for (const dangerous of [
      '<script',
      'onerror',
      'onload',
      'onclick',
      'javascript:',
      '<svg',
      '<iframe',
      '<img',
      'style',
    ]) {
      expect(message.html.toLowerCase()).not.toContain(dangerous);
    }
    expect(message.html).toContain('<b>equipo</b>');
    expect(message.html).toContain('href="https://bueno.test/ayuda"');
    expect(message.text).toContain('Hola');
  });

  it('sends the conversation transcript to the customer when the ticket closes', async () => {
    const customer = `${unique('diana')}@cliente.test`;
    const messageId = `<${unique('transcripcion')}@cliente.test>`;
    await dovecot.deliver(
      await compose({
        from: { name: 'Diana Pérez', address: customer },
        subject: 'Consulta',
        text: '¿Tienen <b>envíos</b> a Cali & Medellín?',
        messageId,
      }),
    );
    await email.poller.pollNow(channelId);
    const ticketId = (await ticketOf(messageId)) as number;
    await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Sí, a ambas ciudades.' });
    const since = Date.now();
    const closed = await api.post(`/api/v2/tickets/${ticketId}/close`, admin);
    expect(closed.statusCode, closed.body).toBe(200);
    const mail = await waitForMail(t.outbox, customer, { since });
    const parsed = await simpleParser(fs.readFileSync(mail.file));
    const number = (await ticketView(ticketId)).number;
    expect(parsed.subject).toBe(`Transcripción del caso #${number}`);
    expect(parsed.html).toContain('Diana Pérez');
    expect(parsed.html).toContain('Sí, a ambas ciudades.');
    expect(parsed.html).toContain('&#60;b&#62;envíos&#60;/b&#62; a Cali &#38; Medellín?');
    expect(parsed.html).not.toContain('<b>envíos');
    expect(parsed.text).toContain('¿Tienen <b>envíos</b> a Cali & Medellín?');
  });

  it('takes real-world mail through the mailbox: stored, skipped as automatic or listed as failed, none lost', async () => {
    const sample = {
      recorded: [
        'messages/spamscope/mail_test_12',
        'messages/mikel-mail/multi_charset/japanese_shift_jis.eml',
        'messages/mail-mime-parser/github-102-01.txt',
        'messages/spamscope/mail_test_13',
        'messages/mimekit/smime/thunderbird-signed.txt',
        'messages/thunderbird/smime/alice.env.eml',
        'messages/mailparser/htmllargecallstack.eml',
      ],
      skipped: [
        'messages/sisimai/rfc3834-01.eml',
        'messages/sisimai/lhost-postfix-01.eml',
        'messages/sisimai/lhost-ezweb-02.eml',
        'messages/mimekit/messages/disposition-notification.txt',
      ],
      failed: ['messages/mime4j/mimetools-testmsgs/russian.msg'],
    };
    let lastUid = 0;
    for (const file of [...sample.recorded, ...sample.skipped, ...sample.failed]) {
      lastUid = await dovecot.deliver(corpus(file));
    }
    expect(await email.poller.pollNow(channelId)).toMatchObject({
      status: 'done',
      recorded: sample.recorded.length,
      skipped: sample.skipped.length,
      failed: sample.failed.length,
    });
    expect((await emailRepo.state(t.ctx.db, channelId))?.lastUid).toBe(lastUid);
    const byDescription = await t.ctx.db.execute<{ id: number }>(
      sql`select id from tickets where channel_id = ${channelId} and description = '代开各地增值税发票'`,
    );
    const chinese = byDescription.rows[0]?.id;
    expect(messagesIn(await ticketView(chinese as number))[0].text).toContain('我公司可代开各类增值税发票');
    const outlook = await ticketOf('<NDBBIAKOPKHFGPLCODIGIEKBCHAA.doug@example.com>');
    expect((await ticketView(outlook as number)).description).toBe('Die Hasen und die Frösche (Microsoft Outlook 00)');
    const failures = (await api.get(`/api/v2/channels/${channelId}/failed-messages`, admin)).json().result;
    expect(failures.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'no-sender', subject: 'Greetings', attempts: 1 })]),
    );
  }, 60_000);

  it('keeps legacy Office and the other promised documents, and a forwarded message under its own subject', async () => {
    const messageId = `<${unique('documentos')}@cliente.test>`;
    const forwarded = corpus('messages/mikel-mail/plain_emails/raw_email_reply.eml');
    await dovecot.deliver(
      await compose({
        from: `${unique('gloria')}@cliente.test`,
        subject: 'Documentos del contrato',
        text: 'Adjunto los documentos y el correo que me enviaron.',
        messageId,
        attachments: [
          ...[
            'SampleDoc.doc',
            'SampleSS.xls',
            'basic_test_ppt_file.ppt',
            'SampleDoc.docx',
            'SampleSS.ods',
            'message.rtf',
          ].map((name) => ({ filename: name, content: corpus(`documents/${name}`) })),
          { content: forwarded, contentType: 'message/rfc822' },
        ],
      }),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 1, failed: 0 });
    const view = await ticketView((await ticketOf(messageId)) as number);
    expect(
      view.attachments.map((file: { fileName: string; contentType: string }) => [file.fileName, file.contentType]),
    ).toEqual(
      expect.arrayContaining([
        ['SampleDoc.doc', 'application/msword'],
        ['SampleSS.xls', 'application/vnd.ms-excel'],
        ['basic_test_ppt_file.ppt', 'application/vnd.ms-powerpoint'],
        ['SampleDoc.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['SampleSS.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
        ['message.rtf', 'application/rtf'],
        ['Re Test reply email.eml', 'message/rfc822'],
      ]),
    );
    expect(view.attachments).toHaveLength(7);
    const eml = view.attachments.find((file: { fileName: string }) => file.fileName.endsWith('.eml'));
    const download = await api.get(`/api/v2/tickets/${view.id}/attachments/${eml.id}`, admin);
    expect(download.rawPayload.equals(forwarded)).toBe(true);
  }, 60_000);

  it('lists a message it cannot take on the channel with its reason, moves on, and lets an editor retry, download or discard it', async () => {
    const failing = corpus('messages/mime4j/mimetools-testmsgs/bluedot-postcard.msg');
    await dovecot.deliver(failing);
    const afterIt = `<${unique('despues')}@cliente.test>`;
    const lastUid = await dovecot.deliver(
      await compose({ from: `${unique('hugo')}@cliente.test`, subject: 'Sigue', text: 'Sigue', messageId: afterIt }),
    );
    expect(await email.poller.pollNow(channelId)).toMatchObject({ recorded: 1, failed: 1 });
    expect((await emailRepo.state(t.ctx.db, channelId))?.lastUid).toBe(lastUid);
    expect(await ticketOf(afterIt)).not.toBeNull();
    const listOf = async () => (await api.get(`/api/v2/channels/${channelId}/failed-messages`, admin)).json().result;
    const row = (await listOf()).data.find((entry: { subject: string }) => entry.subject === 'A postcard for you');
    expect(row).toMatchObject({
      channelId,
      reason: 'no-sender',
      sender: null,
      sentAt: null,
      attempts: 1,
      size: expect.any(Number),
    });
    expect(row.detail).toContain('no usable address');

    // Read again (a lost position): still one row, one more attempt.
    await t.ctx.db.execute(sql`update mailbox_states set last_uid = ${lastUid - 2} where channel_id = ${channelId}`);
    expect(await email.poller.pollNow(channelId)).toMatchObject({ failed: 1, duplicates: 1 });
    const again = (await listOf()).data.filter((entry: { subject: string }) => entry.subject === 'A postcard for you');
    expect(again).toEqual([expect.objectContaining({ id: row.id, attempts: 2 })]);

    // Only who may edit channels; only the channel's own failed messages.
    const base = `/api/v2/channels/${channelId}/failed-messages`;
    expect((await api.get(base, agent)).statusCode).toBe(403);
    expect((await api.post(`${base}/${row.id}/retry`, agent)).statusCode).toBe(403);
    expect((await api.get(`${base}/${row.id}/source`, agent)).statusCode).toBe(403);
    expect((await api.delete(`${base}/${row.id}`, agent)).statusCode).toBe(403);
    expect((await api.get('/api/v2/channels/99999999/failed-messages', admin)).statusCode).toBe(404);
    const other = await api.post('/api/v2/channels', admin, {
      name: `Otro ${unique('canal')}`,
      type: 'webchat',
      direction: 'inbound',
    });
    const otherBase = `/api/v2/channels/${other.json().result.id}/failed-messages`;
    expect((await api.get(otherBase, admin)).json().result).toMatchObject({ data: [], total: 0 });
    expect((await api.post(`${otherBase}/${row.id}/retry`, admin)).statusCode).toBe(404);
    expect((await api.get(`${otherBase}/${row.id}/source`, admin)).statusCode).toBe(404);
    expect((await api.delete(`${otherBase}/${row.id}`, admin)).statusCode).toBe(404);

    // Still no sender: the retry says so and counts the attempt.
    const retried = await api.post(`${base}/${row.id}/retry`, admin, {}, 'en');
    expect(retried.statusCode).toBe(422);
    expect(retried.json()).toMatchObject({
      code: 'EMAIL.RETRY_FAILED',
      message: expect.stringContaining('still cannot'),
    });
    expect((await api.post(`${base}/${row.id}/retry`, admin)).json().message).toContain('todavía no se puede');

    const source = await api.get(`${base}/${row.id}/source`, admin);
    expect(source.statusCode).toBe(200);
    expect(source.headers['content-type']).toContain('message/rfc822');
    expect(source.headers['content-disposition']).toContain('A%20postcard%20for%20you.eml');
    expect(source.rawPayload.toString('latin1')).toContain('Having a wonderful time');

    const discarded = await api.delete(`${base}/${row.id}`, admin);
    expect(discarded.statusCode).toBe(200);
    expect((await listOf()).data.some((entry: { id: number }) => entry.id === row.id)).toBe(false);
    expect((await api.delete(`${base}/${row.id}`, admin)).statusCode).toBe(404);
    const audit = (await api.get(`/api/v2/channels/${channelId}/audit`, admin)).json().result;
    expect(audit[0]).toMatchObject({
      action: 'inboundDiscarded',
      changes: { subject: { value: 'A postcard for you' }, reason: { value: 'no-sender' } },
    });
  }, 60_000);

  it('takes a failed message on retry once it can be processed, and removes it from the list', async () => {
    // A person's message kept as failed by an earlier fault (the platform's failure, not the message's).
    const source = corpus('messages/mikel-mail/plain_emails/raw_email_reply.eml');
    await email.failures.record(channelId, source, new MessageFailure('error', 'storage was not writable'));
    const base = `/api/v2/channels/${channelId}/failed-messages`;
    const row = (await api.get(base, admin))
      .json()
      .result.data.find((entry: { detail: string }) => entry.detail?.includes('storage was not writable'));
    expect(row).toMatchObject({ reason: 'error', attempts: 1 });
    const retried = await api.post(`${base}/${row.id}/retry`, admin);
    expect(retried.statusCode, retried.body).toBe(200);
    const result = retried.json().result;
    expect(result).toMatchObject({ status: 'recorded', ticketId: expect.any(Number) });
    expect(messagesIn(await ticketView(result.ticketId))[0].text).toContain('Message body');
    expect((await api.get(base, admin)).json().result.data.some((entry: { id: number }) => entry.id === row.id)).toBe(
      false,
    );
    const audit = (await api.get(`/api/v2/channels/${channelId}/audit`, admin)).json().result;
    expect(audit[0]).toMatchObject({
      action: 'inboundRetried',
      changes: { result: { value: 'recorded' }, reason: { value: 'error' } },
    });

    // A failed message whose kept source is gone can only be discarded.
    await email.failures.record(
      channelId,
      Buffer.from(`${source.toString('latin1')}\r\n`, 'latin1'),
      new MessageFailure('error', 'x'),
    );
    const orphan = (await api.get(base, admin)).json().result.data[0];
    const stored = await t.ctx.db.execute<{ source_path: string }>(
      sql`select source_path from failed_inbound_messages where id = ${orphan.id}`,
    );
    await t.ctx.storage.remove(stored.rows[0].source_path);
    expect((await api.post(`${base}/${orphan.id}/retry`, admin)).json()).toMatchObject({
      code: 'EMAIL.SOURCE_MISSING',
    });
    expect((await api.delete(`${base}/${orphan.id}`, admin)).statusCode).toBe(200);
  });

  it('polls on its own on an interval, and never reads one mailbox from two places at once', async () => {
    // Another node holds the mailbox: this poll steps aside.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mailbox'), ${channelId}::int)`);
      expect((await email.poller.pollNow(channelId)).status).toBe('busy');
    });
    const messageId = `<${unique('intervalo')}@cliente.test>`;
    email.poller.start();
    try {
      await dovecot.deliver(
        await compose({ from: `${unique('eva')}@cliente.test`, subject: 'Hola', text: 'Hola', messageId }),
      );
      expect(await waitFor(() => ticketOf(messageId), 'the interval poll')).toBeGreaterThan(0);
    } finally {
      await email.poller.stop();
    }
  }, 60_000);

  it('records why a mailbox cannot be read on the channel', async () => {
    const broken = await api.post('/api/v2/channels', admin, {
      name: `Correo roto ${unique('x')}`,
      type: 'email',
      direction: 'inbound',
      config: {
        address: 'roto@atiende.test',
        smtpHost: '127.0.0.1',
        smtpPort,
        smtpUser: SMTP_USER,
        smtpPassword: SMTP_PASSWORD,
        imapHost: dovecot.host,
        imapPort: dovecot.port,
        imapUser: dovecot.user,
        imapPassword: 'incorrecta',
      },
    });
    const brokenId = broken.json().result.id as number;
    await expect(email.poller.pollNow(brokenId)).rejects.toThrow();
    expect((await emailRepo.state(t.ctx.db, brokenId))?.lastError).toBeTruthy();
    const channel = (await api.get(`/api/v2/channels/${brokenId}`, admin)).json().result;
    // Our words with the server's response code; Dovecot's own reply text stays in the logs.
    expect(channel.lastError).toBe('IMAP: IMAP rechazó las credenciales del canal (código AUTHENTICATIONFAILED)');
  });
});
