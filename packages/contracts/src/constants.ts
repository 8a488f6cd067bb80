/** Business constants and limits from spec section 9. */
export const API_BASE = '/api/v2';
export const APP_BASE = '/v2';

export const THEME_COLORS = [
  'red',
  'green',
  'blue',
  'purple',
  'orange',
  'grey',
  'lightGreen',
  'lightBlue',
  'brown',
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const DEFAULT_THEME: ThemeColor = 'red';

export const LIMITS = {
  snackbarAutoHideMs: 3000,
  authenticatingRedirectMs: 3000,
  multiSessionLogoutMs: 5000,
  inactivityGraceMs: 30_000,
  defaultInactivityHours: 2,
  notificationBadgeMax: 999,
  menuSuggestionsMax: 5,
  swipeDrawerWidth: 292,
  sideDrawerWidth: 400,
  pageLoaderMs: 500,
  pageFadeMs: 700,
  menuRevealDelayMs: 100,
  verificationCodeTtlMinutes: 10,
  verificationCodeMaxTries: 5,
  passwordResetTtlMinutes: 60,
  passwordMinLength: 8,
  passwordMaxLength: 128,
} as const;

/** Browser storage keys (spec section 9). */
export const STORAGE_KEYS = {
  token: 'token',
  sessionId: 'sessionId',
  user: 'user',
  userPause: 'userPause',
  selectedCampaign: 'selectedCampaign',
  ticketView: 'ticketView',
  softphone: 'softphoneData',
  freshStart: 'freshStart',
  advancedSearch: 'advancedSearch',
  notificationsSort: 'notificationsSortOrder',
  locale: 'locale',
  appearance: 'appearance',
} as const;

/** Realtime event names (spec section 7). */
export const REALTIME_EVENTS = {
  sessionOpened: 'session-opened',
  forcedStatus: 'forced-status',
  ticketExit: 'ticket-exit',
  newExtension: 'new-extension',
  callAccepted: 'call-accepted',
  transferRequest: 'new-transfer',
  permissionsChanged: 'permissions-changed',
  businessChanged: 'business-changed',
  /** Missed events cannot be replayed: reload live lists. */
  resync: 'resync',
  /** An outgoing message's delivery status changed (ticket room of the campaign). */
  messageStatus: 'message-status',
  /** A customer edited or deleted a message (ticket room of the campaign). */
  messageChanged: 'message-changed',
} as const;
