import { type LoginResult, STORAGE_KEYS } from '@atiende/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from './session';

const login = (userId: number, webrtc = true): LoginResult =>
  ({
    token: `token-${userId}`,
    sessionId: `session-${userId}`,
    user: {
      id: userId,
      nombre: 'Ana',
      username: 'ana',
      email: 'ana@atiende.test',
      url_image: null,
      mfa: false,
      roles: [],
      nombre_roles: [],
      nombre_permisos: [],
      extension: '3101',
    },
    shash: 'x',
    sstart: new Date().toISOString(),
    ssip: '127.0.0.1',
    turn: null,
    webrtc,
    advanced_search: 0,
  }) as LoginResult;

const softphoneData = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.softphone) ?? 'null');

describe('the softphone’s stored settings', () => {
  beforeEach(() => localStorage.clear());

  it('stay with the user across sessions, and go when another user signs in', () => {
    startSession(login(1));
    localStorage.setItem(
      STORAGE_KEYS.softphone,
      JSON.stringify({ ...softphoneData(), microphoneId: 'mic-2', speakerVolume: 60 }),
    );
    clearSession();
    // Signed out: the devices stay, what the session said of WebRTC does not.
    expect(softphoneData()).toEqual({ microphoneId: 'mic-2', speakerVolume: 60 });
    startSession(login(1, false));
    expect(softphoneData()).toEqual({ microphoneId: 'mic-2', speakerVolume: 60, webrtc: false, turn: null });
    clearSession();
    startSession(login(2));
    expect(softphoneData()).toEqual({ webrtc: true, turn: null });
  });
});
