import { updateBusinessBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { type BusinessFormState, formToBusinessBody } from './businessForm';

const state: BusinessFormState = {
  nombre: 'Atiende',
  identificationType: '',
  identificationNumber: '',
  address: '',
  city: '',
  phone: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  theme: 'blue',
  configuracion: {
    sound_notifications: true,
    internal_chat: true,
    navbar_logo_display: true,
    navbar_logo_size: 40,
    webrtc_enabled: false,
    janus_enabled: false,
    mfa: false,
    inactivity_timeout: 2,
    advanced_search: true,
    time_zone: 'America/Bogota',
    opt_out_words: ['STOP', 'BAJA'],
  },
  integraciones: [
    { key: 'id-3', id: 3, nombre: 'CRM', icono: 'web', ruta: 'crm', url: 'https://crm.example.com', roles: ['admin'] },
    { key: 'row-1', nombre: 'Wiki', icono: 'api', ruta: 'wiki', url: 'https://wiki.example.com', roles: ['agent'] },
  ],
};

describe('formToBusinessBody', () => {
  it('drops row keys, keeps ids of existing rows and passes the contracts schema', () => {
    const body = formToBusinessBody(state);
    expect(body.integraciones[0]).toEqual({
      id: 3,
      nombre: 'CRM',
      icono: 'web',
      ruta: 'crm',
      url: 'https://crm.example.com',
      roles: ['admin'],
    });
    expect(body.integraciones[1]).not.toHaveProperty('id');
    expect(body.integraciones[1]).not.toHaveProperty('key');
    expect(updateBusinessBodySchema.safeParse(body).success).toBe(true);
  });

  it('reports a bad integration route with its i18n key', () => {
    const bad = { ...state, integraciones: [{ ...state.integraciones[1], ruta: 'No Valid' }] };
    const parsed = updateBusinessBodySchema.safeParse(formToBusinessBody(bad));
    expect(parsed.error?.issues[0].path).toEqual(['integraciones', 0, 'ruta']);
    expect(parsed.error?.issues[0].message).toBe('i18n:business.integrationRoute');
  });
});
