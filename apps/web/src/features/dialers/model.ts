import {
  type ConditionGroup,
  type DIALER_LIMITS,
  type Dialer,
  type DialerInput,
  type DialerType,
  EMPTY_CONDITION_GROUP,
} from '@atiende/contracts';
import type { AudienceQuery } from './api';

/** The audio the form holds: an upload's answer (or the saved one's), and a local URL to listen to it. */
export interface AudioDraft {
  key: string;
  filename: string;
  contentType: string;
  size: number;
  /** An object URL of the picked file (null for the saved audio: it is fetched when listened to). */
  localUrl: string | null;
}

export interface FormAccounts {
  conditions: ConditionGroup;
  sendTo: 'all' | 'selected';
  customerIds: number[];
}

/** What the form holds while it is filled in (numbers as typed). */
export interface DialerFormState {
  campaignId: number | null;
  label: string;
  type: DialerType;
  channels: string;
  parallels: string;
  tries: string;
  rings: string;
  extension: string;
  audio: AudioDraft | null;
  sendToQueue: boolean;
  accounts: FormAccounts;
}

export const EMPTY_DIALER_FORM: DialerFormState = {
  campaignId: null,
  label: '',
  type: 'call_campaign',
  channels: '10',
  parallels: '1',
  tries: '3',
  rings: '5',
  extension: '',
  audio: null,
  sendToQueue: false,
  accounts: { conditions: EMPTY_CONDITION_GROUP, sendTo: 'all', customerIds: [] },
};

/** The numeric fields, in the form's order, with their ranges. */
export const NUMBER_FIELDS = [
  'channels',
  'parallels',
  'tries',
  'rings',
] as const satisfies readonly (keyof typeof DIALER_LIMITS)[];

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The body the form sends (checked by the contracts' schema on both sides). */
export function formToBody(state: DialerFormState): DialerInput {
  return {
    campaignId: state.campaignId ?? Number.NaN,
    label: state.label,
    type: state.type,
    channels: toNumber(state.channels),
    parallels: toNumber(state.parallels),
    tries: toNumber(state.tries),
    rings: toNumber(state.rings),
    extension: state.type === 'call_extension' ? state.extension.trim() : null,
    audio: state.type === 'play_audio' && state.audio ? { key: state.audio.key, filename: state.audio.filename } : null,
    sendToQueue: state.sendToQueue,
    accounts: state.accounts,
  };
}

/** A saved dialer as the form's state. */
export function dialerToForm(dialer: Dialer): DialerFormState {
  return {
    campaignId: dialer.campaign.id,
    label: dialer.label,
    type: dialer.type,
    channels: String(dialer.channels),
    parallels: String(dialer.parallels),
    tries: String(dialer.tries),
    rings: String(dialer.rings),
    extension: dialer.extension ?? '',
    audio: dialer.audio
      ? {
          key: dialer.audio.key,
          filename: dialer.audio.filename,
          contentType: dialer.audio.contentType,
          size: dialer.audio.size,
          localUrl: null,
        }
      : null,
    sendToQueue: dialer.sendToQueue,
    accounts: {
      conditions: dialer.accounts.conditions,
      sendTo: dialer.accounts.sendTo,
      customerIds: dialer.accounts.customerIds,
    },
  };
}

/** Another campaign: the accounts picked by hand were the other campaign's. */
export function setCampaign(state: DialerFormState, campaignId: number): DialerFormState {
  if (campaignId === state.campaignId) return state;
  return { ...state, campaignId, accounts: { ...state.accounts, customerIds: [] } };
}

/** Whom the choice calls, for the count and the list to pick from (null until a campaign is chosen). */
export function audienceQueryOf(state: Pick<DialerFormState, 'campaignId' | 'accounts'>): AudienceQuery | null {
  if (state.campaignId === null) return null;
  return { campaignId: state.campaignId, accounts: state.accounts };
}

/** The candidates' list: every matching account (what is being chosen from). */
export function candidatesQueryOf(state: Pick<DialerFormState, 'campaignId' | 'accounts'>): AudienceQuery | null {
  if (state.campaignId === null) return null;
  return { campaignId: state.campaignId, accounts: { ...state.accounts, sendTo: 'all', customerIds: [] } };
}

/** The accepted audio files for the file picker (the server checks the content). */
export const AUDIO_ACCEPT = '.wav,.mp3,.ogg,audio/wav,audio/x-wav,audio/mpeg,audio/ogg';

/** Hours of the attempts chart as the UI language writes them (day and hour, in the browser's time zone). */
export function hourLabel(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
