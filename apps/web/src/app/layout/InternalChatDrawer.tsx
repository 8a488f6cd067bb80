import { useTranslation } from 'react-i18next';
import { InternalChatPanel } from '../../features/internalchat';
import { SideDrawer } from './SideDrawer';

/** Internal staff chat: the user list and one conversation at a time (features/internalchat). */
export function InternalChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SideDrawer open={open} onClose={onClose} title={t('internalChat.title')} testId="internal-chat-drawer">
      <InternalChatPanel />
    </SideDrawer>
  );
}
