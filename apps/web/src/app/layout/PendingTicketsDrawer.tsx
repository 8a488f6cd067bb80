import { PendingSound } from '../../features/desk/PendingSound';
import { usePendingLive } from '../../features/desk/pending';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';

// The drawer's search, menus and list load the first time it opens.
const PendingTicketsPanel = lazyNamed(() => import('./PendingTicketsPanel'), 'PendingTicketsPanel');

/**
 * Pending tickets (spec section 2). Always mounted by the header: it keeps the lists live and plays the new-ticket
 * sound while closed; the drawer itself (PendingTicketsPanel) is loaded when it first opens.
 */
export function PendingTicketsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  usePendingLive();
  return (
    <>
      <PendingSound />
      <MountWhenOpened when={open}>
        <PendingTicketsPanel open={open} onClose={onClose} />
      </MountWhenOpened>
    </>
  );
}
