import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { SideDrawer } from './SideDrawer';

/** Internal staff chat (conversation view arrives with the chat module). */
export function InternalChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SideDrawer open={open} onClose={onClose} title={t('chat.title')} testId="internal-chat-drawer">
      <EmptyState data-testid="chat-empty" icon={<ForumOutlinedIcon fontSize="inherit" />} title={t('chat.pickUser')} />
    </SideDrawer>
  );
}
