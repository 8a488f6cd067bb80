import { DIALPAD_KEYS } from '@atiende/contracts';
import CallIcon from '@mui/icons-material/Call';
import CallEndIcon from '@mui/icons-material/CallEnd';
import CloseIcon from '@mui/icons-material/Close';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import PauseIcon from '@mui/icons-material/Pause';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioSettings } from './AudioSettings';
import { isBridgeCall, useChannelCall } from './channelCall';
import type { SoftphoneCall, SoftphoneEngine, SoftphoneState } from './engine';
import { callDuration, DOT_COLORS, dotOf, formatDuration, secondsLeft } from './model';
import { useMonitorNotice } from './monitoring';

/** What the panel asks of the engine (tests pass stand-ins). */
export type SoftphoneActions = Pick<
  SoftphoneEngine,
  | 'closePanel'
  | 'setNumber'
  | 'dial'
  | 'answer'
  | 'reject'
  | 'hangup'
  | 'toggleHold'
  | 'toggleMute'
  | 'pressKey'
  | 'dismissNotice'
>;

/** The current time, ticking while `active` (call timer, auto-answer countdown). */
function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

const isDialKey = (key: string) => (DIALPAD_KEYS as readonly string[]).includes(key);

/** The softphone panel's content: registration, the call and its actions, the dialpad, the audio settings. */
export function SoftphoneView({
  state,
  actions,
  extension,
}: {
  state: SoftphoneState;
  actions: SoftphoneActions;
  extension: string;
}) {
  const { t } = useTranslation();
  const call = state.call;
  const unavailable = state.availability === 'not_configured' || state.availability === 'unavailable';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      actions.closePanel();
      return;
    }
    // During a call, digits typed anywhere in the panel but a text field are DTMF.
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (call?.state === 'connected' && !typing && isDialKey(event.key)) actions.pressKey(event.key);
  };

  return (
    <Box onKeyDown={onKeyDown} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {t('softphone.title')}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('softphone.extension', { extension })}
          </Typography>
        </Box>
        <Registration state={state} />
        <IconButton size="small" onClick={actions.closePanel} aria-label={t('softphone.close')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>

      {state.availability === 'not_configured' ? (
        <Alert severity="info" data-testid="softphone-not-configured">
          {t('softphone.notConfigured')}
        </Alert>
      ) : null}
      {state.availability === 'checking' || state.availability === 'off' ? (
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t('softphone.checking')}
          </Typography>
          <LinearProgress aria-label={t('softphone.checking')} />
        </Box>
      ) : null}
      {state.notice ? (
        <Alert
          severity={state.availability === 'unavailable' ? 'warning' : 'error'}
          onClose={state.availability === 'unavailable' ? undefined : actions.dismissNotice}
          closeText={t('softphone.close')}
          data-testid="softphone-notice"
        >
          {state.notice.key ? t(state.notice.key) : state.notice.text}
        </Alert>
      ) : null}

      {unavailable ? null : (
        <>
          <CallArea state={state} call={call} actions={actions} />
          <AudioSettings />
        </>
      )}
    </Box>
  );
}

function Registration({ state }: { state: SoftphoneState }) {
  const { t } = useTranslation();
  const dot = dotOf({ ...state, call: null });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexShrink: 0 }}>
      <Box
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLORS[dot], flexShrink: 0 }}
        title={t(`softphone.transport.${state.transport}`)}
        data-testid="softphone-transport"
        data-state={state.transport}
      />
      <Typography
        variant="caption"
        sx={{ fontWeight: 600 }}
        data-testid="softphone-registration"
        data-state={state.registration}
      >
        {t(`softphone.registration.${state.registration}`)}
      </Typography>
    </Box>
  );
}

function statusText(call: SoftphoneCall | null, t: (key: string) => string): string {
  if (!call) return t('softphone.states.idle');
  if (call.state === 'ended') {
    const outcome = t(`softphone.outcomes.${call.outcome ?? 'ended'}`);
    const showCause = call.cause && call.outcome !== 'ended' && call.outcome !== 'rejected';
    return showCause ? `${outcome}: ${t(`softphone.causes.${call.cause}`)}` : outcome;
  }
  if (call.state === 'ringing' && call.answering) return t('softphone.answering');
  const parts = [t(`softphone.states.${call.state}`)];
  if (call.state === 'connected' && call.hold) parts.push(t('softphone.onHold'));
  if (call.state === 'connected' && call.muted) parts.push(t('softphone.muted'));
  return parts.join(' · ');
}

function CallArea({
  state,
  call,
  actions,
}: {
  state: SoftphoneState;
  call: SoftphoneCall | null;
  actions: SoftphoneActions;
}) {
  const { t } = useTranslation();
  const callState = call?.state ?? 'idle';
  const ticking = callState === 'connected' || (callState === 'ringing' && call?.autoAnswerAt != null);
  const now = useNow(ticking);
  const duration = call ? callDuration(call, now) : null;
  const countdown = call?.state === 'ringing' ? secondsLeft(call.autoAnswerAt, now) : null;
  const idle = callState === 'idle';
  // A customer's call through a telephony channel: the server says who calls and which ticket it is in.
  const channelCall = useChannelCall();
  // A supervisor whispering or barging in (silent listening shows nothing).
  const monitorNotice = useMonitorNotice();
  const customer = call && isBridgeCall(call.remoteNumber) ? channelCall : null;
  // A new customer is named by their number: it shows once.
  const remoteName = customer
    ? customer.cliente && customer.cliente !== customer.numero
      ? customer.cliente
      : ''
    : (call?.remoteName ?? '');
  const remoteNumber = customer ? customer.numero : (call?.remoteNumber ?? '');

  return (
    <Box
      data-testid="softphone-call"
      data-state={callState}
      data-hold={call?.hold ? 'true' : undefined}
      data-muted={call?.muted ? 'true' : undefined}
      sx={{ display: 'grid', gap: 1.25 }}
    >
      <Typography
        variant="body2"
        role="status"
        aria-live="polite"
        sx={{ fontWeight: 600, color: callState === 'ended' ? 'text.secondary' : 'text.primary' }}
        data-testid="softphone-status"
      >
        {statusText(call, t)}
      </Typography>

      {call ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box data-testid="softphone-remote" sx={{ flexGrow: 1, minWidth: 0 }}>
            {remoteName ? (
              <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                {remoteName}
              </Typography>
            ) : null}{' '}
            <Typography
              component="div"
              dir="ltr"
              sx={{
                textAlign: 'start',
                overflowWrap: 'anywhere',
                ...(remoteName
                  ? { typography: 'body2', color: 'text.secondary' }
                  : { typography: 'h6', fontWeight: 700 }),
              }}
            >
              {remoteNumber || t('softphone.unknownCaller')}
            </Typography>
            {customer && customer.numeroCaso !== null ? (
              <Typography
                variant="caption"
                component="div"
                sx={{ color: 'text.secondary' }}
                data-testid="softphone-channel-call"
                data-ticket={customer.casoId}
              >
                {t('softphone.channelCall', { ticket: customer.numeroCaso, channel: customer.canal })}
              </Typography>
            ) : null}
          </Box>
          {duration !== null ? (
            <Typography
              variant="h6"
              component="div"
              dir="ltr"
              data-testid="softphone-timer"
              sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
            >
              {formatDuration(duration)}
            </Typography>
          ) : null}
        </Box>
      ) : null}

      {monitorNotice && callState === 'connected' ? (
        <Alert severity="warning" data-testid="softphone-monitor" data-mode={monitorNotice.mode} sx={{ py: 0 }}>
          {t(`softphone.monitor.${monitorNotice.mode}`, { name: monitorNotice.supervisor })}
        </Alert>
      ) : null}

      {countdown !== null ? (
        <Alert severity="info" icon={false} data-testid="softphone-auto-answer" sx={{ py: 0 }}>
          {t('softphone.autoAnswer', { count: countdown })}
        </Alert>
      ) : null}

      {idle ? <DialForm state={state} actions={actions} /> : null}

      {callState === 'ringing' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<CallIcon />}
            onClick={() => void actions.answer()}
            disabled={call?.answering}
          >
            {t('softphone.answer')}
          </Button>
          <Button variant="contained" color="error" startIcon={<CallEndIcon />} onClick={actions.reject}>
            {t('softphone.reject')}
          </Button>
        </Box>
      ) : null}

      {callState === 'connected' && call ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Button
            variant={call.hold ? 'contained' : 'outlined'}
            color={call.hold ? 'warning' : 'inherit'}
            startIcon={call.hold ? <PlayArrowIcon /> : <PauseIcon />}
            onClick={actions.toggleHold}
          >
            {call.hold ? t('softphone.resume') : t('softphone.hold')}
          </Button>
          <Button
            variant={call.muted ? 'contained' : 'outlined'}
            color={call.muted ? 'warning' : 'inherit'}
            startIcon={call.muted ? <MicIcon /> : <MicOffIcon />}
            onClick={actions.toggleMute}
          >
            {call.muted ? t('softphone.unmute') : t('softphone.mute')}
          </Button>
          {/* Spec section 4: the transfer button is there and disabled. */}
          <Button variant="outlined" color="inherit" startIcon={<PhoneForwardedIcon />} disabled>
            {t('softphone.transfer')}
          </Button>
          <Button variant="contained" color="error" startIcon={<CallEndIcon />} onClick={actions.hangup}>
            {t('softphone.hangup')}
          </Button>
        </Box>
      ) : null}

      {callState === 'calling' ? (
        <Button variant="contained" color="error" startIcon={<CallEndIcon />} onClick={actions.hangup}>
          {t('softphone.hangup')}
        </Button>
      ) : null}

      {call && (callState === 'connected' || (callState === 'ended' && call.dtmfSent)) ? (
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minHeight: 24 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('softphone.dtmfSent')}:
          </Typography>
          <Typography
            variant="body2"
            dir="ltr"
            data-testid="softphone-dtmf"
            sx={{ fontFamily: 'monospace', letterSpacing: 2, overflowWrap: 'anywhere' }}
          >
            {call.dtmfSent}
          </Typography>
          {call.dtmfPending ? (
            <Typography variant="caption" dir="ltr" sx={{ color: 'text.secondary' }}>
              {t('softphone.dtmfPending', { digits: call.dtmfPending })}
            </Typography>
          ) : null}
        </Box>
      ) : null}

      {idle || callState === 'connected' ? <Dialpad onKey={actions.pressKey} /> : null}
    </Box>
  );
}

function DialForm({ state, actions }: { state: SoftphoneState; actions: SoftphoneActions }) {
  const { t } = useTranslation();
  const dial = () => void actions.dial(state.number);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        dial();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        size="small"
        label={t('softphone.number')}
        value={state.number}
        onChange={(event) => actions.setNumber(event.target.value)}
        error={Boolean(state.numberError)}
        helperText={state.numberError ? t(state.numberError) : undefined}
        autoComplete="off"
        fullWidth
        // The theme's fields have a top margin: here the button sits level with the input.
        sx={{ m: 0 }}
        slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr', 'data-testid': 'softphone-number' } }}
      />
      <Button
        type="submit"
        variant="contained"
        color="success"
        startIcon={<CallIcon />}
        sx={{ flexShrink: 0, height: 40 }}
      >
        {t('softphone.call')}
      </Button>
    </Box>
  );
}

function Dialpad({ onKey }: { onKey: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('softphone.dialpad')}
      dir="ltr"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.75 }}
    >
      {DIALPAD_KEYS.map((key) => (
        <Button
          key={key}
          variant="outlined"
          color="inherit"
          onClick={() => onKey(key)}
          sx={{ minWidth: 0, py: 0.5, fontSize: '1.1rem', fontVariantNumeric: 'tabular-nums' }}
        >
          {key}
        </Button>
      ))}
    </Box>
  );
}
