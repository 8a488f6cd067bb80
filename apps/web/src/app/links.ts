/** External destinations; override at build time with VITE_* variables. */
export const LINKS = {
  userManual: import.meta.env.VITE_USER_MANUAL_URL ?? 'https://docs.atiende.dev/manual',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'soporte@atiende.dev',
  social: import.meta.env.VITE_SOCIAL_URL ?? 'https://github.com/atiende',
} as const;

export const supportMailto = `mailto:${LINKS.supportEmail}`;
