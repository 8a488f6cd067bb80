import { describe, expect, it } from 'vitest';
import { ChannelSetupError, PermanentDeliveryError } from '../interactions/adapters.js';
import { e164, twilioFailure } from './sms.twilio.js';
import { readForm, readInbound, readStatus, twilioSignature, validTwilioSignature } from './sms.webhook.js';

const DOCS_URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
/** Twilio's documented example (docs "Webhooks security"), posted out of order: the signature sorts the names. */
const DOCS_FORM = 'To=%2B18005551212&CallSid=CA1234567890ABCDE&Digits=1234&From=%2B12349013030&Caller=%2B12349013030';

describe('X-Twilio-Signature', () => {
  it('matches Twilio’s documented example and twilio-node’s test vector', () => {
    expect(twilioSignature('12345', DOCS_URL, readForm(DOCS_FORM))).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    // twilio-node spec/validation.spec.js (MIT): the same call from another caller.
    const node = readForm(DOCS_FORM.replaceAll('12349013030', '14158675309'));
    expect(twilioSignature('12345', DOCS_URL, node)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('accepts only the exact URL, parameters and token', () => {
    const params = readForm(DOCS_FORM);
    expect(validTwilioSignature('0/KCTR6DLpKmkAf8muzZqo1nDgQ=', '12345', DOCS_URL, params)).toBe(true);
    expect(validTwilioSignature('0/KCTR6DLpKmkAf8muzZqo1nDgQ', '12345', DOCS_URL, params)).toBe(false);
    expect(validTwilioSignature('0/KCTR6DLpKmkAf8muzZqo1nDgQ=', '54321', DOCS_URL, params)).toBe(false);
    expect(validTwilioSignature('0/KCTR6DLpKmkAf8muzZqo1nDgQ=', '12345', `${DOCS_URL}&baz=3`, params)).toBe(false);
    expect(
      validTwilioSignature('0/KCTR6DLpKmkAf8muzZqo1nDgQ=', '12345', DOCS_URL, readForm(`${DOCS_FORM}&Body=x`)),
    ).toBe(false);
    expect(validTwilioSignature(undefined, '12345', DOCS_URL, params)).toBe(false);
    expect(validTwilioSignature('0/KCTR6DLpKmkAf8muzZqo1nDgQ=', undefined, DOCS_URL, params)).toBe(false);
  });

  it('takes the URL with or without its default port, as Twilio signs either', () => {
    const params = readForm('Body=Hola&MessageSid=SM1');
    const withPort = twilioSignature('token', 'https://atiende.test:443/api/v2/webhooks/sms/1', params);
    expect(validTwilioSignature(withPort, 'token', 'https://atiende.test/api/v2/webhooks/sms/1', params)).toBe(true);
    const without = twilioSignature('token', 'https://atiende.test/api/v2/webhooks/sms/1', params);
    expect(validTwilioSignature(without, 'token', 'https://atiende.test:443/api/v2/webhooks/sms/1', params)).toBe(true);
  });
});

const SID = 'SMe287d7109a5a925f182f0e07fe5b223b';

describe('inbound SMS', () => {
  it('is the MessageSid from the From number, with its body', () => {
    const { message } = readInbound(
      readForm(
        `MessageSid=${SID}&From=%2B14133881111&To=%2B12028831111&Body=Hola+%C2%BFc%C3%B3mo+est%C3%A1n%3F&NumMedia=0`,
      ),
    );
    expect(message).toEqual({
      inbound: { providerMessageId: SID, from: '+14133881111', text: 'Hola ¿cómo están?' },
      media: [],
    });
  });

  it('lists MMS media for the job and shows their kinds while the body is empty', () => {
    const { message } = readInbound(
      readForm(
        `MessageSid=${SID}&From=%2B14133881111&NumMedia=2&MediaUrl0=https%3A%2F%2Fapi.twilio.com%2Fm%2F0&MediaContentType0=image%2Fjpeg&MediaUrl1=https%3A%2F%2Fapi.twilio.com%2Fm%2F1`,
      ),
    );
    expect(message?.media).toEqual([
      { url: 'https://api.twilio.com/m/0', contentType: 'image/jpeg' },
      { url: 'https://api.twilio.com/m/1', contentType: null },
    ]);
    expect(message?.inbound.text).toBe('[image] [file]');
  });

  it('logs media that are not web addresses instead of fetching them, and keeps the message', () => {
    const { message, ignored } = readInbound(
      readForm(
        `MessageSid=${SID}&From=%2B14133881111&NumMedia=2&MediaUrl0=cat.jpg&MediaUrl1=file%3A%2F%2F%2Fetc%2Fpasswd&MediaContentType1=text%2Fplain%00`,
      ),
    );
    expect(message?.media).toEqual([]);
    expect(message?.inbound.text).toBe('[file] [file]');
    expect(ignored).toEqual([
      { kind: 'media:0', reason: 'malformed', id: SID },
      { kind: 'media:1', reason: 'malformed', id: SID },
    ]);
  });

  it('ignores, with why, what an SMS channel cannot take', () => {
    expect(readInbound(readForm('From=%2B14133881111&Body=x')).ignored).toEqual([{ kind: 'sms', reason: 'malformed' }]);
    expect(readInbound(readForm(`MessageSid=${SID}&From=whatsapp%3A%2B14133881111&Body=x`)).ignored).toEqual([
      { kind: 'sms', reason: 'invalid-sender', id: SID, detail: 'whatsapp' },
    ]);
  });
});

describe('status callbacks', () => {
  const status = (form: string) => readStatus(readForm(`MessageSid=${SID}&${form}`));

  it('map Twilio’s statuses onto Atiende’s delivery states', () => {
    for (const [twilio, atiende] of [
      ['queued', 'sent'],
      ['sending', 'sent'],
      ['sent', 'sent'],
      ['delivered', 'delivered'],
      ['read', 'read'],
      ['undelivered', 'failed'],
      ['failed', 'failed'],
    ]) {
      expect(status(`MessageStatus=${twilio}`).status?.status, twilio).toBe(atiende);
    }
  });

  it('keep a failure’s error code, and leave statuses they do not track', () => {
    expect(status('MessageStatus=failed&ErrorCode=21610').status).toEqual({
      providerMessageId: SID,
      status: 'failed',
      error: 'failed (Twilio 21610)',
    });
    expect(status('MessageStatus=undelivered&ErrorCode=30003').status?.error).toBe('undelivered (Twilio 30003)');
    expect(status('MessageStatus=huh').ignored).toEqual([
      { kind: 'status:huh', reason: 'status-not-tracked', id: SID },
    ]);
    expect(status('MessageStatus=received').ignored[0]?.reason).toBe('status-not-tracked');
    expect(readStatus(readForm('MessageStatus=sent')).ignored).toEqual([{ kind: 'status', reason: 'malformed' }]);
  });
});

describe('Twilio refusals', () => {
  const answer = (status: number, body: object) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('retry throttling and Twilio’s own trouble', async () => {
    for (const failure of [
      await twilioFailure(answer(429, { code: 20429, message: 'Too Many Requests' }), 'send'),
      await twilioFailure(answer(503, { code: 20503, message: 'Service unavailable' }), 'send'),
      await twilioFailure(answer(400, { code: 30001, message: 'Queue overflow' }), 'send'),
    ]) {
      expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
    }
  });

  it('make wrong credentials or sender the channel’s problem, and a bad number the message’s', async () => {
    const credentials = await twilioFailure(answer(401, { code: 20003, message: 'Authenticate' }), 'send');
    expect(credentials).toBeInstanceOf(ChannelSetupError);
    expect((credentials as ChannelSetupError).problem).toEqual({
      key: 'channelProblems.credentials',
      params: { provider: 'Twilio', code: 20003 },
    });
    const sender = await twilioFailure(
      answer(400, { code: 21606, message: 'The From phone number is not valid' }),
      'send',
    );
    expect(sender).toBeInstanceOf(ChannelSetupError);
    const unsubscribed = await twilioFailure(
      answer(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient' }),
      'send',
    );
    expect(unsubscribed).toBeInstanceOf(PermanentDeliveryError);
    expect(unsubscribed).not.toBeInstanceOf(ChannelSetupError);
    expect(unsubscribed.message).toBe('Twilio send failed (400, code 21610)');
    expect((unsubscribed as PermanentDeliveryError).providerDetail).toBe('Attempt to send to unsubscribed recipient');
  });

  it('send only to numbers in E.164', () => {
    expect(e164('+57 300 123 4567')).toBe('+573001234567');
    expect(e164('14133881111')).toBe('+14133881111');
    expect(e164('123')).toBeNull();
    expect(e164('+0123456789')).toBeNull();
    expect(e164('camilo@example.com')).toBeNull();
  });
});
