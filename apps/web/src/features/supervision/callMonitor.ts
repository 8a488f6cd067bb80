import { CALL_MONITOR_EVENT, type CallMonitorMode, type CallMonitorSession } from '@atiende/contracts';
import { ApiError, api, isOk } from '../../api/client';
import { onRealtimeEvent } from '../../app/realtime';
import { signalCallMonitor, whenGathered } from '../softphone/monitoring';

/** connecting: asked for and set up; live: audio flows; ended: closed by either side or the call's end. */
export type MonitorStatus = 'connecting' | 'live' | 'ended' | 'failed';

export interface MonitorController {
  readonly agentId: number;
  mode(): CallMonitorMode;
  status(): MonitorStatus;
  /** Whisper and barge open the microphone (once); listen sends nothing. */
  setMode(mode: CallMonitorMode): Promise<void>;
  stop(): void;
}

function audioElement(testId: string, track: MediaStreamTrack): HTMLAudioElement {
  const element = document.createElement('audio');
  element.autoplay = true;
  element.hidden = true;
  element.dataset.testid = testId;
  element.srcObject = new MediaStream([track]);
  document.body.appendChild(element);
  void element.play().catch(() => undefined);
  return element;
}

/**
 * The supervisor's side of listen, whisper and barge (docs/voice.md): asks the server for a session on the agent's
 * call, offers the agent's browser a connection with two audio sections (the agent's voice both ways, so the
 * supervisor's can go back; the customer's voice towards the supervisor) and plays what arrives. Rejects with the
 * server's answer (no live call, no permission) when the session cannot start.
 */
export async function startCallMonitor(
  agentId: number,
  mode: CallMonitorMode,
  onChange: () => void,
): Promise<MonitorController> {
  const answer = await api.post<CallMonitorSession>(`supervision/agentes/${agentId}/monitor`, { mode });
  if (!isOk(answer)) throw new ApiError(answer);
  const { sessionId, iceServers } = answer.result;
  const connection = new RTCPeerConnection({ iceServers });
  const agentVoice = connection.addTransceiver('audio', { direction: 'sendrecv' });
  const customerVoice = connection.addTransceiver('audio', { direction: 'recvonly' });
  const speakers = [
    audioElement('monitor-agent-audio', agentVoice.receiver.track),
    audioElement('monitor-customer-audio', customerVoice.receiver.track),
  ];
  let microphone: MediaStream | null = null;
  let current = mode;
  let status: MonitorStatus = 'connecting';
  const set = (next: MonitorStatus) => {
    if (status === next || status === 'ended') return;
    status = next;
    onChange();
  };

  const close = (next: MonitorStatus) => {
    offRealtime();
    for (const speaker of speakers) {
      speaker.srcObject = null;
      speaker.remove();
    }
    for (const track of microphone?.getTracks() ?? []) track.stop();
    connection.close();
    set(next);
  };

  const offRealtime = onRealtimeEvent(CALL_MONITOR_EVENT, (event) => {
    if (event.sessionId !== sessionId) return;
    if (event.kind === 'answer') {
      void connection.setRemoteDescription({ type: 'answer', sdp: event.sdp }).catch(() => close('failed'));
    } else if (event.kind === 'end') close('ended');
  });
  connection.addEventListener('connectionstatechange', () => {
    if (connection.connectionState === 'connected') set('live');
    else if (connection.connectionState === 'failed') close('failed');
  });

  /** The supervisor's voice goes to the agent's browser only in whisper and barge. */
  async function speak(next: CallMonitorMode) {
    if (next !== 'listen' && !microphone) microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    await agentVoice.sender.replaceTrack(next === 'listen' ? null : (microphone?.getAudioTracks()[0] ?? null));
  }

  try {
    await speak(mode);
    await connection.setLocalDescription(await connection.createOffer());
    await whenGathered(connection);
    const offered = await signalCallMonitor({
      kind: 'offer',
      sessionId,
      sdp: connection.localDescription?.sdp ?? '',
      mode,
    });
    if (!isOk(offered)) throw new ApiError(offered);
  } catch (error) {
    close('failed');
    throw error;
  }

  return {
    agentId,
    mode: () => current,
    status: () => status,
    async setMode(next) {
      if (status === 'ended' || status === 'failed') return;
      await speak(next);
      const changed = await signalCallMonitor({ kind: 'mode', sessionId, mode: next });
      if (!isOk(changed)) {
        await speak(current);
        throw new ApiError(changed);
      }
      current = next;
      onChange();
    },
    stop() {
      if (status === 'ended' || status === 'failed') return;
      void signalCallMonitor({ kind: 'end', sessionId });
      close('ended');
    },
  };
}
