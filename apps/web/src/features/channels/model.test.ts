import { type Channel, channelBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  channelFormToBody,
  channelToForm,
  emptyChannelForm,
  firstBadRow,
  hoursToRows,
  missingConfig,
  rowsToDays,
  timezones,
  weekdayName,
} from './model';

describe('business hours editor model', () => {
  it('has one row per weekday, Monday first, filled from the API slots', () => {
    const rows = hoursToRows([
      { day: 1, from: '09:00', to: '18:00' },
      { day: 0, from: '10:00', to: '12:00' },
    ]);
    expect(rows.map((row) => row.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(rows[0]).toEqual({ day: 1, enabled: true, from: '09:00', to: '18:00' });
    expect(rows[1]).toMatchObject({ day: 2, enabled: false });
    expect(rows[6]).toEqual({ day: 0, enabled: true, from: '10:00', to: '12:00' });
  });

  it('sends open days only, Sunday first', () => {
    const rows = hoursToRows([]).map((row) => (row.day === 5 || row.day === 0 ? { ...row, enabled: true } : row));
    expect(rowsToDays(rows)).toEqual([
      { day: 0, from: '08:00', to: '17:00' },
      { day: 5, from: '08:00', to: '17:00' },
    ]);
    expect(rowsToDays(hoursToRows(rowsToDays(rows)))).toEqual(rowsToDays(rows));
  });

  it('keeps further slots of a day while it stays open', () => {
    const days = [
      { day: 1, from: '08:00', to: '12:00' },
      { day: 1, from: '14:00', to: '18:00' },
    ];
    const rows = hoursToRows(days);
    expect(rows[0]).toMatchObject({ from: '08:00', to: '12:00', extra: [{ from: '14:00', to: '18:00' }] });
    expect(rowsToDays(rows)).toEqual(days);
    expect(rowsToDays(rows.map((row) => ({ ...row, enabled: false })))).toEqual([]);
  });

  it('finds rows whose hours are not in order', () => {
    const rows = hoursToRows([{ day: 3, from: '18:00', to: '09:00' }]);
    expect(firstBadRow(rows)).toBe(2);
    expect(firstBadRow(hoursToRows([]))).toBe(-1);
  });

  it('names weekdays in the UI language', () => {
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(1, 'es')).toBe('lunes');
  });

  it('lists time zones including the current one', () => {
    const zones = timezones('Mars/Olympus');
    expect(zones[0]).toBe('Mars/Olympus');
    expect(zones).toContain('America/Bogota');
  });
});

describe('channel form', () => {
  it('converts numbers, booleans, blanks and secrets for the API', () => {
    const state = emptyChannelForm('email');
    state.name = 'Soporte';
    state.config = {
      ...state.config,
      address: 'soporte@acme.test',
      smtpPort: '587',
      imapPort: 'abc',
      smtpSecure: true,
      smtpHost: '  ',
      smtpPassword: 'secret',
    };
    const body = channelFormToBody(state);
    expect(body.config).toMatchObject({
      address: 'soporte@acme.test',
      smtpPort: 587,
      imapPort: 'abc',
      smtpSecure: true,
      imapSecure: false,
      smtpHost: null,
      smtpPassword: 'secret',
      imapPassword: '',
    });
    expect(body.businessHours).toMatchObject({ enabled: false, days: [] });
    expect(channelBodySchema.safeParse(body).success).toBe(true);
  });

  it('asks for required values, except secrets already stored', () => {
    const state = emptyChannelForm('telegram');
    expect(missingConfig(state)).toEqual(['config.botUsername', 'config.botToken']);
    state.config.botUsername = 'acme_bot';
    expect(missingConfig(state, ['botToken'])).toEqual([]);
  });

  it('loads a channel without its secrets', () => {
    const channel: Channel = {
      id: 3,
      name: 'WhatsApp ventas',
      type: 'whatsapp',
      typeCode: 7,
      direction: 'blended',
      enabled: true,
      config: { phoneNumberId: '123', businessAccountId: '456', apiBaseUrl: null },
      secretsSet: ['accessToken'],
      businessHours: { enabled: true, timezone: 'America/Lima', days: [{ day: 2, from: '08:00', to: '12:00' }] },
      unavailableMessage: null,
      webhookUrl: 'https://atiende.test/api/v2/webhooks/whatsapp/3',
      lastError: null,
      lastErrorAt: null,
      campaigns: [],
      widgets: [],
      createdAt: '',
      updatedAt: '',
    };
    const form = channelToForm(channel);
    expect(form.config).toEqual({
      phoneNumber: '',
      phoneNumberId: '123',
      businessAccountId: '456',
      accessToken: '',
      appSecret: '',
      verifyToken: '',
      apiBaseUrl: '',
      sendRatePerSecond: '',
      // Optional (media headers of templates).
      appId: '',
    });
    expect(form).toMatchObject({ hoursEnabled: true, timezone: 'America/Lima', unavailableMessage: '' });
    expect(missingConfig(form, channel.secretsSet)).toEqual(['config.appSecret', 'config.verifyToken']);
  });
});
