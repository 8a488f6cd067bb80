/**
 * The sections of es.json and en.json the pages outside /app use (sign-in, password reset, lock screen, status
 * pages): the build serves them as a small file of their own for those pages, and the other sections as the /app
 * file (build/locale-parts.ts, core/i18n.ts). i18n.test.ts checks the public pages use no other section.
 */
export const PUBLIC_TEXT_SECTIONS = ['app', 'auth', 'common', 'errors', 'header', 'languages', 'pages', 'validation'];
