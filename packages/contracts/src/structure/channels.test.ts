import { describe, expect, it } from 'vitest';
import { CHANNELS_WITHOUT_REPLY_FILES, REPLY_WINDOW_HOURS } from '../messaging/outbound.constants.js';
import {
  CHANNEL_CONFIG_FIELDS,
  CHANNEL_CONTACT_TYPES,
  CHANNEL_TYPE_KEYS,
  CHANNEL_TYPES,
  channelTypeOf,
  isWithinBusinessHours,
  WEBHOOK_CHANNEL_TYPES,
} from './channels.constants.js';

describe('business hours', () => {
  const hours = { enabled: true, timezone: 'America/Bogota', days: [{ day: 1, from: '08:00', to: '17:00' }] };

  it('is open inside a slot of the channel time zone and closed outside', () => {
    // Monday 2026-11-23 13:00 UTC = 08:00 in Bogotá (UTC-5).
    expect(isWithinBusinessHours(hours, new Date('2026-11-23T13:00:00Z'))).toBe(true);
    expect(isWithinBusinessHours(hours, new Date('2026-11-23T12:59:00Z'))).toBe(false);
    expect(isWithinBusinessHours(hours, new Date('2026-11-23T22:00:00Z'))).toBe(false);
    // Tuesday has no slot.
    expect(isWithinBusinessHours(hours, new Date('2026-11-24T15:00:00Z'))).toBe(false);
  });

  it('is always open when the schedule is off', () => {
    expect(isWithinBusinessHours({ ...hours, enabled: false }, new Date('2026-11-24T03:00:00Z'))).toBe(true);
  });
});

describe('channel type descriptors', () => {
  it('derive the tables the product reads, unchanged', () => {
    expect([...WEBHOOK_CHANNEL_TYPES].sort()).toEqual(['facebook', 'instagram', 'sms', 'telegram', 'whatsapp']);
    expect(REPLY_WINDOW_HOURS).toEqual({ facebook: 24, whatsapp: 24, instagram: 24 });
    expect(CHANNELS_WITHOUT_REPLY_FILES).toEqual(['sms', 'instagram']);
    expect(CHANNEL_CONTACT_TYPES.email).toEqual({ codes: ['4'], kind: 'email' });
    expect(CHANNEL_CONFIG_FIELDS.telegram.map((field) => field.key)).toEqual([
      'botUsername',
      'botToken',
      'webhookSecret',
      'apiBaseUrl',
    ]);
  });

  it('describe every channel type, and name wire types safely', () => {
    for (const key of CHANNEL_TYPE_KEYS) expect(channelTypeOf(key)).toBe(CHANNEL_TYPES[key]);
    expect(channelTypeOf('constructor')).toBeUndefined();
    expect(channelTypeOf(undefined)).toBeUndefined();
    expect(CHANNEL_TYPES.webchat.composer.typingNotice).toBe(true);
    expect(CHANNEL_TYPES.telegram.webhook?.registeredByAtiende).toBe(true);
    expect(CHANNEL_TYPES.email.keepsFailedInbound).toBe(true);
    expect(CHANNEL_TYPES.sms.composer).toMatchObject({ files: false, smsSegments: true, replyWindowHours: null });
    expect(CHANNEL_TYPES.sms.webhook).toEqual({ help: 'smsHelp', registeredByAtiende: false });
  });

  it('check an SMS channel’s Twilio account and sender by their shapes', () => {
    const [accountSid, , sender] = CHANNEL_CONFIG_FIELDS.sms;
    expect(accountSid.format?.pattern.test(`AC${'0a'.repeat(16)}`)).toBe(true);
    expect(accountSid.format?.pattern.test('acctid')).toBe(false);
    for (const good of ['+573001234567', '+14155550100', `MG${'f'.repeat(32)}`]) {
      expect(sender.format?.pattern.test(good), good).toBe(true);
    }
    for (const bad of ['573001234567', '+0573001234567', '+57 300 123', '+1234567890123456', 'MG123', 'Atiende']) {
      expect(sender.format?.pattern.test(bad), bad).toBe(false);
    }
  });
});
