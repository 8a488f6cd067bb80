/**
 * The internal staff chat (spec: internal chat drawer). The header mounts `useInternalChatUnread` (live events and
 * the unread badge) and the drawer shows `InternalChatPanel`. Texts: `internalChat.*` in ./locales, merged by ./i18n.
 */
export { useInternalChatUnread } from './hooks';
export { InternalChatPanel } from './InternalChatPanel';
