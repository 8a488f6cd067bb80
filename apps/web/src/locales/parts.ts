/**
 * How the build cuts the texts into the parts a browser downloads (build/locale-parts.ts, core/i18n.ts), each in the
 * language it shows only:
 * - `public`: the sections the pages outside /app use (sign-in, password reset, lock screen, status pages);
 * - `app`: what the agent workspace shows (every section not listed here, plus the texts of the features it shows
 *   at once), which /app waits for;
 * - `admin`: the sections only administration pages use, which those pages wait for.
 * parts.test.ts checks the public pages and the workspace use no section of a part they do not wait for.
 */
export const PUBLIC_TEXT_SECTIONS = ['app', 'auth', 'common', 'errors', 'header', 'languages', 'pages', 'validation'];

export const ADMIN_TEXT_SECTIONS = [
  'audit',
  'bots',
  'business',
  'campaigns',
  'catalogues',
  'channels',
  'credentials',
  'modules',
  'permissions',
  'profile',
  'reusableLists',
  'roles',
  'upload',
  'users',
];

/**
 * Folders (under src) of features whose own locale files (`es.json`, `en.json`) join the `app` part, because the
 * workspace shows them as it opens: the desk (pending list, agent status), the templates picker, the ticket's SLA
 * card and the internal chat (the header's unread count). The app's own keys win on a clash. Other features merge
 * both their languages when they load (their i18n.ts).
 */
export const WORKSPACE_FEATURE_TEXTS = [
  'features/desk/locales',
  'features/templates/locales',
  'features/automation/sla/locales',
  'features/internalchat/locales',
];

export type TextsPart = 'public' | 'app' | 'admin';
