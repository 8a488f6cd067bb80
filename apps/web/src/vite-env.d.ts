/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_USER_MANUAL_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SOCIAL_URL?: string;
}
