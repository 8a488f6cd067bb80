import { describe, expect, it } from 'vitest';
import { channelLink } from './channel-links.js';

describe('channelLink', () => {
  it('builds each channel type’s public link from its configuration', () => {
    expect(channelLink('whatsapp', { phoneNumberId: '+57 300 123 4567' })).toBe('https://wa.me/573001234567');
    expect(channelLink('whatsapp', { phoneNumber: '+57 (301) 555', phoneNumberId: '999' })).toBe(
      'https://wa.me/57301555',
    );
    expect(channelLink('telegram', { botUsername: '@TiendaBot' })).toBe('https://t.me/TiendaBot');
    expect(channelLink('facebook', { pageId: 'tienda.demo' })).toBe('https://m.me/tienda.demo');
    expect(channelLink('email', { address: 'ventas@tienda.test' })).toBe('mailto:ventas@tienda.test');
    expect(channelLink('telephony', { did: '+57 601 555 0100' })).toBe('tel:+576015550100');
    expect(channelLink('sms', { sender: '+573001234567' })).toBe('sms:+573001234567');
    expect(channelLink('website', { url: 'https://tienda.test/contacto' })).toBe('https://tienda.test/contacto');
    expect(channelLink('inPerson', { location: 'Calle 1 # 2-3, Bogotá' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Calle%201%20%23%202-3%2C%20Bogot%C3%A1',
    );
  });

  it('leaves out channels without a usable value, the web chat and unsafe links', () => {
    expect(channelLink('whatsapp', { phoneNumberId: null })).toBeNull();
    expect(channelLink('email', { address: 'x" onclick="alert(1)' })).toBeNull();
    expect(channelLink('website', { url: 'javascript:alert(1)' })).toBeNull();
    expect(channelLink('telegram', { botUsername: '../../evil?x=1' })).toBe('https://t.me/evilx1');
    expect(channelLink('facebook', { pageId: '../evil' })).toBe('https://m.me/evil');
    expect(channelLink('webchat', { welcomeMessage: 'Hola' })).toBeNull();
    expect(channelLink('ussd', { shortCode: '*123#' })).toBeNull();
    expect(channelLink('sms', { sender: `MG${'a'.repeat(32)}` })).toBeNull();
  });
});
