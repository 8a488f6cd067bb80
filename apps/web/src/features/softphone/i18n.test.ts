import { SOFTPHONE_REGISTRATION_STATES } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('softphone texts', () => {
  it('es and en have the same keys', () => {
    expect(Object.keys(es).sort()).toEqual(['softphone', 'voice']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('carry the names the end-to-end tests use', () => {
    const names = {
      es: ['Teléfono', 'Número', 'Llamar', 'Contestar', 'Rechazar', 'Colgar', 'Retener', 'Reanudar', 'Silenciar'],
      en: ['Phone', 'Number', 'Call', 'Answer', 'Reject', 'Hang up', 'Hold', 'Resume', 'Mute'],
    };
    const keys = ['button', 'number', 'call', 'answer', 'reject', 'hangup', 'hold', 'resume', 'mute'];
    for (const language of ['es', 'en'] as const) {
      const t = i18n.getFixedT(language);
      expect(keys.map((key) => t(`softphone.${key}`))).toEqual(names[language]);
    }
    expect(i18n.getFixedT('es')('softphone.unmute')).toBe('Activar micrófono');
    expect(i18n.getFixedT('en')('softphone.unmute')).toBe('Unmute');
    expect(i18n.getFixedT('es')('softphone.notConfigured')).toBe('La telefonía no está configurada');
    expect(i18n.getFixedT('en')('softphone.notConfigured')).toBe('Telephony is not configured');
  });

  it('name every registration state and translate the contracts’ number message', () => {
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const state of SOFTPHONE_REGISTRATION_STATES) {
        expect(t(`softphone.registration.${state}`)).not.toContain('softphone.');
      }
      expect(t('voice.invalidNumber')).not.toBe('voice.invalidNumber');
    }
  });
});
