import {
  CALL_MONITOR_EVENT,
  type CallMonitorEvent,
  type CallMonitorMode,
  type CallMonitorSignal,
} from '@atiende/contracts';
import { useSyncExternalStore } from 'react';
import { api, isOk } from '../../api/client';
import { onRealtimeEvent } from '../../app/realtime';

// Listen, whisper and barge (docs/voice.md): a supervisor's browser connects to the agent's (WebRTC, the setup
// relayed by the server, which checks who may). The agent's browser sends the supervisor its microphone and the
// customer's audio as they reach it; it plays the supervisor's voice when whispered to, and in a barge mixes it into
// what the customer hears. No server mixes anything.

/** Resolves once the connection gathered its candidates (or after `ms`): one description then carries them all. */
export function whenGathered(connection: RTCPeerConnection, ms = 3000): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      connection.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (connection.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, ms);
    connection.addEventListener('icegatheringstatechange', check);
  });
}

export const signalCallMonitor = (body: CallMonitorSignal) => api.post<null>('voice/monitor', body);

/** What the agent is told while a supervisor takes part (whisper or barge); silent listening shows nothing. */
export interface MonitorNotice {
  supervisor: string;
  mode: Exclude<CallMonitorMode, 'listen'>;
}

let notice: MonitorNotice | null = null;
const listeners = new Set<() => void>();
function setNotice(next: MonitorNotice | null) {
  notice = next;
  for (const listener of listeners) listener();
}

export function useMonitorNotice(): MonitorNotice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notice,
    () => notice,
  );
}

interface AgentSide {
  supervisor: string;
  mode: CallMonitorMode;
  setMode(mode: CallMonitorMode): Promise<void>;
  close(): void;
}

type Offer = Extract<CallMonitorEvent, { kind: 'offer' }>;

/** The agent's side of a session: answers the supervisor's offer with the call's two voices. */
async function join(event: Offer, call: RTCPeerConnection): Promise<AgentSide | null> {
  const callSender = call.getSenders().find((sender) => sender.track?.kind === 'audio') ?? null;
  const microphone = callSender?.track ?? null;
  const customer = call.getReceivers().find((receiver) => receiver.track.kind === 'audio')?.track ?? null;
  const connection = new RTCPeerConnection({ iceServers: event.iceServers });
  try {
    await connection.setRemoteDescription({ type: 'offer', sdp: event.sdp });
    // The offer's first audio section goes both ways (the agent's voice, the supervisor's); the second carries the
    // customer's voice to the supervisor.
    const [agentVoice, customerVoice] = connection.getTransceivers();
    if (!agentVoice || !customerVoice) throw new Error('unexpected offer');
    agentVoice.direction = 'sendrecv';
    await agentVoice.sender.replaceTrack(microphone);
    customerVoice.direction = 'sendonly';
    await customerVoice.sender.replaceTrack(customer);
    await connection.setLocalDescription(await connection.createAnswer());
    await whenGathered(connection);
    const sent = await signalCallMonitor({
      kind: 'answer',
      sessionId: event.sessionId,
      sdp: connection.localDescription?.sdp ?? '',
    });
    if (!isOk(sent)) throw new Error(sent.message);
  } catch {
    connection.close();
    return null;
  }

  const supervisorVoice = connection.getTransceivers()[0].receiver.track;
  const speaker = document.createElement('audio');
  speaker.autoplay = true;
  speaker.hidden = true;
  speaker.dataset.testid = 'monitor-supervisor-audio';
  document.body.appendChild(speaker);
  let mixing: { context: AudioContext; track: MediaStreamTrack } | null = null;

  const side: AgentSide = {
    supervisor: event.from.nombre,
    mode: 'listen',
    async setMode(mode) {
      side.mode = mode;
      // Whispered to or barged in on, the agent hears the supervisor.
      const hears = mode !== 'listen';
      if (hears && !speaker.srcObject) {
        speaker.srcObject = new MediaStream([supervisorVoice]);
        void speaker.play().catch(() => undefined);
      } else if (!hears) speaker.srcObject = null;
      // In a barge the customer hears them too: the call sends the microphone mixed with the supervisor's voice.
      if (mode === 'barge' && !mixing && callSender && microphone) {
        const context = new AudioContext();
        // Started by the agent's earlier clicks (answering); resumed in case the browser created it suspended.
        if (context.state !== 'running') void context.resume().catch(() => undefined);
        const destination = context.createMediaStreamDestination();
        context.createMediaStreamSource(new MediaStream([microphone])).connect(destination);
        context.createMediaStreamSource(new MediaStream([supervisorVoice])).connect(destination);
        const [track] = destination.stream.getAudioTracks();
        // Muted stays muted: the mix follows the microphone's switch.
        track.enabled = microphone.enabled;
        mixing = { context, track };
        await callSender.replaceTrack(track);
      } else if (mode !== 'barge' && mixing) {
        if (microphone) microphone.enabled = mixing.track.enabled;
        await callSender?.replaceTrack(microphone).catch(() => undefined);
        mixing.track.stop();
        void mixing.context.close().catch(() => undefined);
        mixing = null;
      }
    },
    close() {
      if (mixing) void side.setMode('listen');
      speaker.srcObject = null;
      speaker.remove();
      connection.close();
    },
  };
  await side.setMode(event.mode);
  return side;
}

/**
 * Follows supervisors' sessions on this tab's calls: answers their offers while a call is connected, applies their
 * mode changes, and ends every session (telling the supervisor) when the call ends. Returns the unsubscribe.
 */
export function followCallMonitoring(softphone: {
  connectedCall(): RTCPeerConnection | null;
  subscribe(listener: () => void): () => void;
}): () => void {
  const sessions = new Map<string, AgentSide>();

  const showNotice = () => {
    const audible = [...sessions.values()].filter((side) => side.mode !== 'listen');
    const last = audible[audible.length - 1];
    setNotice(last ? { supervisor: last.supervisor, mode: last.mode as MonitorNotice['mode'] } : null);
  };

  const end = (sessionId: string, tell: boolean) => {
    const side = sessions.get(sessionId);
    if (!side) return;
    sessions.delete(sessionId);
    side.close();
    showNotice();
    if (tell) void signalCallMonitor({ kind: 'end', sessionId });
  };

  const offRealtime = onRealtimeEvent(CALL_MONITOR_EVENT, (event) => {
    if (event.kind === 'offer') {
      const call = softphone.connectedCall();
      if (!call || sessions.has(event.sessionId)) {
        if (!call) void signalCallMonitor({ kind: 'end', sessionId: event.sessionId });
        return;
      }
      void join(event, call).then((side) => {
        if (!side) return void signalCallMonitor({ kind: 'end', sessionId: event.sessionId });
        // The call may have ended meanwhile.
        if (softphone.connectedCall() !== call) {
          side.close();
          return void signalCallMonitor({ kind: 'end', sessionId: event.sessionId });
        }
        sessions.set(event.sessionId, side);
        showNotice();
      });
    } else if (event.kind === 'mode') {
      const side = sessions.get(event.sessionId);
      if (side) void side.setMode(event.mode).then(showNotice);
    } else if (event.kind === 'end') end(event.sessionId, false);
  });

  const offCall = softphone.subscribe(() => {
    if (sessions.size > 0 && !softphone.connectedCall())
      for (const sessionId of [...sessions.keys()]) end(sessionId, true);
  });

  return () => {
    offRealtime();
    offCall();
    for (const sessionId of [...sessions.keys()]) end(sessionId, true);
  };
}
