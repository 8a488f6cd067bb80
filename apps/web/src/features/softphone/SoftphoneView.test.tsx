import { CALL_EVENTS } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '../../app/realtime';
import { byTestId, mount } from '../../test/dom';
import { followChannelCalls } from './channelCall';
import type { SoftphoneCall, SoftphoneState } from './engine';
import i18n from './i18n';
import { type SoftphoneActions, SoftphoneView } from './SoftphoneView';

const base: SoftphoneState = {
  availability: 'ready',
  registration: 'REGISTERED',
  transport: 'connected',
  call: null,
  panelOpen: true,
  closeAfterCall: false,
  number: '',
  numberError: null,
  notice: null,
};

function call(patch: Partial<SoftphoneCall>): SoftphoneCall {
  return {
    id: 1,
    direction: 'incoming',
    state: 'ringing',
    remoteName: 'Ana Pérez',
    remoteNumber: '3001',
    confirmedAt: null,
    endedAt: null,
    hold: false,
    muted: false,
    dtmfSent: '',
    dtmfPending: '',
    autoAnswerAt: null,
    answering: false,
    outcome: null,
    cause: null,
    ...patch,
  };
}

const actions = {
  closePanel: vi.fn(),
  setNumber: vi.fn(),
  dial: vi.fn(async () => ({ ok: true as const })),
  answer: vi.fn(async () => undefined),
  reject: vi.fn(),
  hangup: vi.fn(),
  toggleHold: vi.fn(),
  toggleMute: vi.fn(),
  pressKey: vi.fn(),
  dismissNotice: vi.fn(),
} satisfies SoftphoneActions;

let root: Root | null = null;

function render(state: Partial<SoftphoneState>) {
  root = mount(<SoftphoneView state={{ ...base, ...state }} actions={actions} extension="101" />).root;
}

/** The buttons by accessible name (their text, or aria-label). */
function button(name: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (element) => (element.getAttribute('aria-label') ?? element.textContent?.trim()) === name,
  );
}
const names = () =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].map(
    (element) => element.getAttribute('aria-label') ?? element.textContent?.trim(),
  );
const label = (text: string) => [...document.querySelectorAll('label')].find((element) => element.textContent === text);

beforeEach(async () => {
  await i18n.changeLanguage('es');
  for (const action of Object.values(actions)) action.mockClear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('SoftphoneView', () => {
  it('idle and registered (es): the state, the number field, Llamar and the dialpad', () => {
    render({ number: '3001' });
    const registration = byTestId('softphone-registration');
    expect(registration?.dataset.state).toBe('REGISTERED');
    expect(registration?.textContent).toBe('Registrado');
    expect(byTestId('softphone-call')?.dataset.state).toBe('idle');
    expect(byTestId('softphone-call')?.hasAttribute('data-hold')).toBe(false);
    expect(label('Número')).toBeTruthy();
    expect(byTestId('softphone-status')?.textContent).toBe('Listo para llamar');
    for (const key of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#']) expect(button(key)).toBeTruthy();
    expect(button('Llamar')).toBeTruthy();
    act(() => button('Llamar')?.click());
    expect(actions.dial).toHaveBeenCalledWith('3001');
    act(() => button('7')?.click());
    expect(actions.pressKey).toHaveBeenCalledWith('7');
    act(() => button('Cerrar')?.click());
    expect(actions.closePanel).toHaveBeenCalled();
  });

  it('names each registration state in Spanish and English', async () => {
    const expected = {
      es: { UNREGISTERED: 'No registrado', REGISTERING: 'Registrando…', REGISTERED: 'Registrado' },
      en: { UNREGISTERED: 'Unregistered', REGISTERING: 'Registering…', REGISTERED: 'Registered' },
    } as const;
    for (const language of ['es', 'en'] as const) {
      await i18n.changeLanguage(language);
      for (const [registration, text] of Object.entries(expected[language])) {
        render({ registration: registration as SoftphoneState['registration'] });
        expect(byTestId('softphone-registration')?.dataset.state).toBe(registration);
        expect(byTestId('softphone-registration')?.textContent).toBe(text);
        act(() => root?.unmount());
      }
    }
  });

  it('idle (en): Number, Call and the dialpad', async () => {
    await i18n.changeLanguage('en');
    render({});
    expect(label('Number')).toBeTruthy();
    expect(button('Call')).toBeTruthy();
    expect(byTestId('softphone-status')?.textContent).toBe('Ready to call');
  });

  it('shows the number’s translated error', async () => {
    render({ number: '12a', numberError: 'voice.invalidNumber' });
    expect(document.body.textContent).toContain('Escriba un número válido (dígitos, * o #, hasta 32)');
    act(() => root?.unmount());
    await i18n.changeLanguage('en');
    render({ number: '12a', numberError: 'voice.invalidNumber' });
    expect(document.body.textContent).toContain('Enter a valid number (digits, * or #, up to 32)');
  });

  it('ringing: the caller, Contestar and Rechazar, and the auto-answer countdown', async () => {
    render({ call: call({ autoAnswerAt: Date.now() + 2500 }) });
    expect(byTestId('softphone-call')?.dataset.state).toBe('ringing');
    expect(byTestId('softphone-remote')?.textContent).toBe('Ana Pérez 3001');
    expect(byTestId('softphone-status')?.textContent).toBe('Llamada entrante');
    expect(byTestId('softphone-auto-answer')?.textContent).toBe('Se contestará automáticamente en 3 segundos');
    expect(button('Llamar')).toBeUndefined();
    act(() => button('Contestar')?.click());
    expect(actions.answer).toHaveBeenCalled();
    act(() => button('Rechazar')?.click());
    expect(actions.reject).toHaveBeenCalled();
    act(() => root?.unmount());

    await i18n.changeLanguage('en');
    render({ call: call({ remoteName: '', autoAnswerAt: Date.now() + 900 }) });
    expect(byTestId('softphone-remote')?.textContent?.trim()).toBe('3001');
    expect(byTestId('softphone-status')?.textContent).toBe('Incoming call');
    expect(byTestId('softphone-auto-answer')?.textContent).toBe('Answering automatically in 1 second');
    expect(button('Answer')).toBeTruthy();
    expect(button('Reject')).toBeTruthy();
  });

  it('calling: Colgar / Hang up', async () => {
    render({ call: call({ direction: 'outgoing', state: 'calling', remoteName: '' }) });
    expect(byTestId('softphone-call')?.dataset.state).toBe('calling');
    expect(byTestId('softphone-status')?.textContent).toBe('Llamando…');
    act(() => button('Colgar')?.click());
    expect(actions.hangup).toHaveBeenCalled();
    act(() => root?.unmount());
    await i18n.changeLanguage('en');
    render({ call: call({ direction: 'outgoing', state: 'calling', remoteName: '' }) });
    expect(button('Hang up')).toBeTruthy();
  });

  it('connected: timer, hold and mute with their flags, transfer disabled, the digits sent', async () => {
    render({ call: call({ state: 'connected', confirmedAt: Date.now() - 65_200, dtmfSent: '12#' }) });
    const area = byTestId('softphone-call');
    expect(area?.dataset.state).toBe('connected');
    expect(area?.hasAttribute('data-hold')).toBe(false);
    expect(area?.hasAttribute('data-muted')).toBe(false);
    expect(byTestId('softphone-timer')?.textContent).toMatch(/^01:0[56]$/);
    expect(byTestId('softphone-dtmf')?.textContent).toBe('12#');
    expect(names()).toEqual(expect.arrayContaining(['Retener', 'Silenciar', 'Transferir', 'Colgar', '5', '#']));
    expect(button('Transferir')?.disabled).toBe(true);
    act(() => button('Retener')?.click());
    expect(actions.toggleHold).toHaveBeenCalled();
    act(() => button('Silenciar')?.click());
    expect(actions.toggleMute).toHaveBeenCalled();
    act(() => button('#')?.click());
    expect(actions.pressKey).toHaveBeenCalledWith('#');
    act(() => root?.unmount());

    render({ call: call({ state: 'connected', confirmedAt: Date.now(), hold: true, muted: true }) });
    expect(byTestId('softphone-call')?.dataset.hold).toBe('true');
    expect(byTestId('softphone-call')?.dataset.muted).toBe('true');
    expect(byTestId('softphone-status')?.textContent).toBe('En llamada · En espera · Micrófono silenciado');
    expect(button('Reanudar')).toBeTruthy();
    expect(button('Activar micrófono')).toBeTruthy();
    act(() => root?.unmount());

    await i18n.changeLanguage('en');
    render({ call: call({ state: 'connected', confirmedAt: Date.now(), hold: true, muted: true }) });
    expect(names()).toEqual(expect.arrayContaining(['Resume', 'Unmute', 'Transfer', 'Hang up']));
    act(() => root?.unmount());
    render({ call: call({ state: 'connected', confirmedAt: Date.now() }) });
    expect(names()).toEqual(expect.arrayContaining(['Hold', 'Mute']));
    expect(byTestId('softphone-timer')?.textContent).toBe('00:00');
  });

  it('ended: the outcome and the frozen duration', async () => {
    const confirmedAt = Date.now() - 200_000;
    render({ call: call({ state: 'ended', outcome: 'ended', confirmedAt, endedAt: confirmedAt + 75_000 }) });
    expect(byTestId('softphone-call')?.dataset.state).toBe('ended');
    expect(byTestId('softphone-status')?.textContent).toBe('Llamada finalizada');
    expect(byTestId('softphone-timer')?.textContent).toBe('01:15');
    act(() => root?.unmount());
    render({ call: call({ state: 'ended', outcome: 'rejected', cause: 'Rejected' }) });
    expect(byTestId('softphone-status')?.textContent).toBe('Llamada rechazada');
    act(() => root?.unmount());
    render({ call: call({ direction: 'outgoing', state: 'ended', outcome: 'failed', cause: 'Busy' }) });
    expect(byTestId('softphone-status')?.textContent).toBe('No se pudo completar la llamada: Ocupado');
    act(() => root?.unmount());
    await i18n.changeLanguage('en');
    render({ call: call({ state: 'ended', outcome: 'missed', cause: 'Canceled' }) });
    expect(byTestId('softphone-status')?.textContent).toBe('Missed call: Canceled');
  });

  it('says telephony is not configured and offers nothing to dial', async () => {
    render({ availability: 'not_configured', registration: 'UNREGISTERED', transport: 'disconnected' });
    expect(byTestId('softphone-not-configured')?.textContent).toBe('La telefonía no está configurada');
    expect(byTestId('softphone-call')).toBeNull();
    expect(button('Llamar')).toBeUndefined();
    expect(byTestId('softphone-registration')?.dataset.state).toBe('UNREGISTERED');
    act(() => root?.unmount());
    await i18n.changeLanguage('en');
    render({ availability: 'not_configured', registration: 'UNREGISTERED', transport: 'disconnected' });
    expect(byTestId('softphone-not-configured')?.textContent).toBe('Telephony is not configured');
  });

  it('shows why the softphone is unavailable (the server’s message) and errors to dismiss', () => {
    render({ availability: 'unavailable', registration: 'UNREGISTERED', notice: { text: 'No tiene una extensión' } });
    expect(byTestId('softphone-notice')?.textContent).toContain('No tiene una extensión');
    expect(byTestId('softphone-call')).toBeNull();
    act(() => root?.unmount());
    render({ notice: { key: 'softphone.errors.notRegistered' } });
    expect(byTestId('softphone-notice')?.textContent).toContain('El teléfono no está registrado');
    expect(byTestId('softphone-call')).not.toBeNull();
  });

  it('opens the audio settings: devices and volumes', async () => {
    render({});
    expect(byTestId('softphone-settings')).toBeNull();
    act(() => button('Ajustes de audio')?.click());
    expect(byTestId('softphone-settings')).not.toBeNull();
    expect(label('Micrófono')).toBeTruthy();
    expect(document.body.textContent).toContain('Volumen del altavoz');
    expect(document.body.textContent).toContain('Volumen del micrófono');
  });

  it('a customer’s call through a telephony channel shows the customer and the ticket, and answering opens it', async () => {
    const opened: (number | null)[] = [];
    const ended: (number | null)[] = [];
    const stop = followChannelCalls({
      onConnected: (notice) => opened.push(notice.casoId),
      onEnded: (notice) => ended.push(notice.casoId),
    });
    const notice = {
      llamadaId: 5,
      casoId: 41,
      numeroCaso: 1041,
      campanaId: 3,
      numero: '+573001112233',
      cliente: 'Ana Pérez',
      canal: 'Línea de ventas',
      estado: 'ringing' as const,
    };
    act(() => emitRealtimeEvent(CALL_EVENTS.incoming, notice));
    render({ call: call({ remoteName: '', remoteNumber: 'atiende-bridge-3-agent' }) });
    expect(byTestId('softphone-remote')?.textContent).toContain('Ana Pérez');
    expect(byTestId('softphone-remote')?.textContent).toContain('+573001112233');
    expect(byTestId('softphone-remote')?.textContent).not.toContain('atiende-bridge');
    expect(byTestId('softphone-channel-call')?.textContent).toBe('Caso #1041 · Línea de ventas');
    await i18n.changeLanguage('en');
    expect(byTestId('softphone-channel-call')?.textContent).toBe('Ticket #1041 · Línea de ventas');
    act(() => emitRealtimeEvent(CALL_EVENTS.connected, { ...notice, estado: 'connected' }));
    expect(opened).toEqual([41]);
    act(() => emitRealtimeEvent(CALL_EVENTS.ended, { ...notice, estado: 'completed', duracion: 42 }));
    expect(ended).toEqual([41]);
    // Another caller's SIP call (not a bridge) keeps its own identity.
    act(() => root?.unmount());
    render({ call: call({ remoteName: 'Luis', remoteNumber: '3002' }) });
    expect(byTestId('softphone-channel-call')).toBeNull();
    act(() => stop());
  });
});
