import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentOf, filesOf, notAConversation, senderOf, sentByProgram, shorten, subjectOf } from './email.message.js';
import { parseMail } from './email.parse.js';

/** A message of the real-world corpus (see corpus/README.md). */
const corpus = (file: string) => fs.readFileSync(new URL(`./corpus/messages/${file}`, import.meta.url));
const read = async (file: string) => parseMail(corpus(file));
/** A person's real message (Basecamp, 2007) with headers of our choosing on top. */
const PERSON = 'mikel-mail/plain_emails/raw_email_reply.eml';
const withHeaders = async (...headers: string[]) =>
  parseMail(Buffer.concat([Buffer.from(headers.map((header) => `${header}\r\n`).join('')), corpus(PERSON)]));
/** The person's message with one of its header lines replaced. */
const replacing = (name: string, line: string) =>
  parseMail(
    Buffer.from(
      corpus(PERSON)
        .toString('latin1')
        .replace(new RegExp(`^${name}: .*\r\n`, 'm'), `${line}\r\n`),
      'latin1',
    ),
  );
const CHANNEL = 'soporte@atiende.test';

describe('mail that is not a conversation (skipped)', () => {
  it.each([
    // RFC 3834 auto-replies
    ['sisimai/rfc3834-01.eml', 'auto-replied'],
    ['sisimai/rfc3834-02.eml', 'null-sender'],
    // RFC 3464 delivery status notifications and RFC 8098 read receipts: multipart/report
    ['sisimai/rfc3464-01.eml', 'report'],
    ['mimekit/messages/disposition-notification.txt', 'report'],
    ['mikel-mail/multipart_report_emails/report_422.eml', 'report'],
    // Bounces without a report, recognised by their sender or headers
    ['sisimai/lhost-exim-02.eml', 'auto-replied'],
    ['sisimai/lhost-sendmail-53.eml', 'mailer-daemon'],
    ['sisimai/lhost-verizon-02.eml', 'mailer-daemon'],
    ['sisimai/lhost-mcafee-04.eml', 'null-sender'],
  ])('%s: %s', async (file, reason) => {
    expect(notAConversation(await read(file), CHANNEL)).toBe(reason);
  });

  it('by each header of RFC 3834 and the common robots', async () => {
    expect(notAConversation(await withHeaders('Auto-Submitted: auto-replied (vacation)'), CHANNEL)).toBe(
      'auto-replied',
    );
    expect(notAConversation(await withHeaders('X-Autoreply: yes'), CHANNEL)).toBe('x-autoreply');
    expect(notAConversation(await withHeaders('X-Autorespond: Out of office'), CHANNEL)).toBe('x-autoreply');
    expect(notAConversation(await withHeaders('Precedence: auto_reply'), CHANNEL)).toBe('precedence-auto-reply');
    expect(notAConversation(await withHeaders('X-Failed-Recipients: ana@cliente.test'), CHANNEL)).toBe('bounce');
    const person = await read(PERSON);
    expect(notAConversation(person, CHANNEL)).toBeNull();
    // Our own address coming back is a loop.
    expect(notAConversation(person, senderOf(person)?.address ?? '')).toBe('own-address');
  });
});

describe('mail a program sent on its own (taken, never answered automatically)', () => {
  it.each([
    ['spamscope/mail_test_13', 'list'],
    ['mikel-mail/error_emails/empty_in_reply_to.eml', 'list'],
    ['spamscope/mail_test_5', 'precedence'],
    ['spamscope/mail_test_16', 'precedence'],
    ['mime4j/mimetools-testmsgs/jt-0498.msg', 'precedence'],
    ['sisimai/lhost-amazonses-09.eml', 'no-reply'],
  ])('%s: %s', async (file, reason) => {
    const mail = await read(file);
    expect(notAConversation(mail, CHANNEL)).toBeNull();
    expect(sentByProgram(mail)).toBe(reason);
  });

  it('by each header of RFC 3834 §2 and RFC 2369/2919, and no-reply senders', async () => {
    expect(sentByProgram(await withHeaders('Auto-Submitted: auto-generated'))).toBe('auto-submitted');
    expect(sentByProgram(await withHeaders('Auto-Submitted: no'))).toBeNull();
    expect(sentByProgram(await withHeaders('Precedence: list'))).toBe('precedence');
    expect(sentByProgram(await withHeaders('List-Unsubscribe: <mailto:baja@tienda.test>'))).toBe('list');
    const noReply = await replacing('From', 'From: Tienda <no_reply@tienda.test>');
    expect(sentByProgram(noReply)).toBe('no-reply');
    expect(sentByProgram(await read(PERSON))).toBeNull();
  });
});

describe('what a message becomes', () => {
  it('takes the sender from Reply-To, Sender or Return-Path when From has no address', async () => {
    expect(senderOf(await withHeaders('Sender: ventas@cliente.test'))?.address).not.toBe('ventas@cliente.test');
    const noFrom = await replacing('From', 'Sender: Ana <ana@cliente.test>');
    expect(senderOf(noFrom)).toEqual({ address: 'ana@cliente.test' });
  });

  it('shortens an over-long subject instead of refusing the message', async () => {
    const long = `Re: RV: ${'Reclamo por cobro duplicado de la factura 4481 '.repeat(20)}`;
    const mail = await replacing('Subject', `Subject: ${long}`);
    const subject = subjectOf(mail);
    expect(subject.length).toBeLessThanOrEqual(500);
    expect(subject).toMatch(/^Reclamo por cobro duplicado/);
    expect(subject.endsWith('…')).toBe(true);
    expect(shorten('corto', 10)).toBe('corto');
  });

  it('derives the text of an HTML-only message over the size limit, and keeps its sanitised HTML when that fits', async () => {
    const huge = await read('mailparser/htmllargecallstack.eml');
    expect((huge.html as string).length).toBeGreaterThan(200_000);
    const content = contentOf(huge);
    expect(content.text.length).toBeGreaterThan(100);
    expect(content.text.length).toBeLessThanOrEqual(20_000);
    expect(content.html === undefined || content.html.length <= 200_000).toBe(true);
    const newsletter = contentOf(await read('spamscope/mail_test_6'));
    expect(newsletter.text).toContain('Сообщения');
    expect(newsletter.html).toBeDefined();
  });

  it('says so when a message is encrypted (S/MIME) instead of showing nothing', async () => {
    expect(contentOf(await read('thunderbird/smime/alice.env.eml')).text).toMatch(/^\(mensaje cifrado/);
    expect(contentOf(await read('mimekit/smime/thunderbird-signed.txt')).text).not.toMatch(/cifrado/);
  });

  it('names a forwarded message after its own subject (.eml)', async () => {
    expect(
      (await filesOf(await read('mimekit/messages/simple-embedded-message.eml'))).map((file) => file.name),
    ).toEqual(['embedded message.eml']);
    const apple = await filesOf(await read('mikel-mail/attachment_emails/attachment_message_rfc822.eml'));
    expect(apple.map((file) => file.name)).toEqual(['Another PDF.eml']);
  });
});
