import type { SoftphoneCredentials } from '@atiende/contracts';
import { getSoftphoneSettings } from './settings';
import type { CallMediaOptions, SessionLike, SoftphoneMedia } from './types';

type SinkAudio = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void>; sinkId?: string };

/** The microphone a call opened itself (when its volume is not 100): its stream and the gain it goes through. */
interface LocalAudio {
  raw: MediaStream;
  context: AudioContext;
  gain: GainNode;
}

export interface BrowserMedia extends SoftphoneMedia {
  /** The stored choices changed: speaker, speaker volume and microphone volume apply at once. */
  applySettings(): void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chosen microphone when it is still plugged in, else the default. */
async function microphoneConstraint(id: string): Promise<boolean | MediaTrackConstraints> {
  if (!id) return true;
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.some((device) => device.kind === 'audioinput' && device.deviceId === id)
      ? { deviceId: { exact: id } }
      : true;
  } catch {
    return true;
  }
}

/**
 * The browser's audio for calls: remote audio in one hidden `<audio autoplay>` element (the chosen speaker through
 * setSinkId where the browser has it, the speaker volume), and the microphone: JsSIP opens it itself at volume 100;
 * below or above that, the call gets the microphone through a WebAudio GainNode.
 */
export function createBrowserMedia(): BrowserMedia {
  let audio: SinkAudio | null = null;
  let local: LocalAudio | null = null;
  const attached = new WeakSet<RTCPeerConnection>();

  function applyOutput(element: SinkAudio): void {
    const settings = getSoftphoneSettings();
    element.volume = settings.speakerVolume / 100;
    if (element.setSinkId && (element.sinkId ?? '') !== settings.speakerId) {
      void element.setSinkId(settings.speakerId).catch(() => undefined);
    }
  }

  function output(): SinkAudio {
    if (!audio) {
      audio = document.createElement('audio') as SinkAudio;
      audio.autoplay = true;
      audio.hidden = true;
      audio.dataset.testid = 'softphone-audio';
      document.body.appendChild(audio);
    }
    applyOutput(audio);
    return audio;
  }

  function releaseLocal(): void {
    if (!local) return;
    for (const track of local.raw.getTracks()) track.stop();
    void local.context.close().catch(() => undefined);
    local = null;
  }

  return {
    async callOptions(credentials: SoftphoneCredentials): Promise<CallMediaOptions> {
      const settings = getSoftphoneSettings();
      const pcConfig = { iceServers: credentials.iceServers };
      const microphone = await microphoneConstraint(settings.microphoneId);
      const plain: CallMediaOptions = { mediaConstraints: { audio: microphone, video: false }, pcConfig };
      if (settings.microphoneVolume === 100 || typeof AudioContext === 'undefined') return plain;
      releaseLocal();
      let raw: MediaStream | null = null;
      let context: AudioContext | null = null;
      try {
        raw = await navigator.mediaDevices.getUserMedia({ audio: microphone, video: false });
        context = new AudioContext();
        if (context.state !== 'running') await Promise.race([context.resume(), wait(300)]);
        // A context the browser keeps suspended (no user gesture yet) would send silence: the plain microphone then.
        if (context.state !== 'running') throw new Error('suspended');
        const gain = context.createGain();
        gain.gain.value = settings.microphoneVolume / 100;
        const destination = context.createMediaStreamDestination();
        context.createMediaStreamSource(raw).connect(gain);
        gain.connect(destination);
        local = { raw, context, gain };
        return { mediaStream: destination.stream, pcConfig };
      } catch {
        for (const track of raw?.getTracks() ?? []) track.stop();
        void context?.close().catch(() => undefined);
        return plain;
      }
    },
    attachRemote(session: SessionLike) {
      const connection = session.connection;
      if (!connection || attached.has(connection)) return;
      attached.add(connection);
      connection.addEventListener('track', (event) => {
        const element = output();
        const stream = event.streams[0] ?? new MediaStream([event.track]);
        if (element.srcObject !== stream) element.srcObject = stream;
        void element.play?.()?.catch(() => undefined);
      });
    },
    release() {
      releaseLocal();
      if (audio) audio.srcObject = null;
    },
    applySettings() {
      if (audio) applyOutput(audio);
      if (local) local.gain.gain.value = getSoftphoneSettings().microphoneVolume / 100;
    },
  };
}
