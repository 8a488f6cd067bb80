import { INTERNAL_CHAT_EVENT, INTERNAL_CHAT_READ_EVENT, type InternalChatContact } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeEvent, RESYNC } from '../../app/realtime';
import { useSession } from '../../core/session';
import { applyMessage, chatKeys, markConversationRead, useChatContacts } from './api';
import {
  type Conversation,
  clearUnread,
  markOutgoingRead,
  parseChatMessage,
  parseReadEvent,
  peerOf,
  totalUnread,
} from './model';

/** The conversation on screen (the drawer is open on it): its messages are read as they arrive. */
let openPeer: number | null = null;
export function setOpenPeer(peerId: number | null): void {
  openPeer = peerId;
}

/**
 * Keeps the chat caches current from the realtime events: a message goes into its conversation and bumps the
 * sender's unread count (or is marked read at once when that conversation is open); a read event turns my ticks
 * to read, or clears a count another tab of mine read. A resync reloads everything.
 */
function useInternalChatLive(me: number | null, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || me === null) return;
    const offMessage = onRealtimeEvent(INTERNAL_CHAT_EVENT, (payload) => {
      const message = parseChatMessage(payload);
      if (!message || (message.sourceId !== me && message.destinationId !== me)) return;
      applyMessage(queryClient, me, message, openPeer);
      const peerId = peerOf(message);
      if (message.direction === 'in' && peerId === openPeer) {
        void markConversationRead(queryClient, me, peerId).catch(() => undefined);
      }
    });
    const offRead = onRealtimeEvent(INTERNAL_CHAT_READ_EVENT, (payload) => {
      const event = parseReadEvent(payload);
      if (!event) return;
      if (event.sourceId === me) {
        queryClient.setQueryData<Conversation>(chatKeys.conversation(me, event.readerId), (current) =>
          current ? { ...current, messages: markOutgoingRead(current.messages, event.readerId) } : current,
        );
      }
      if (event.readerId === me) {
        queryClient.setQueryData<InternalChatContact[]>(chatKeys.contacts(me), (current) =>
          current ? clearUnread(current, event.sourceId) : current,
        );
      }
    });
    const offResync = onRealtimeEvent(RESYNC, () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.user(me) });
    });
    return () => {
      offMessage();
      offRead();
      offResync();
    };
  }, [enabled, me, queryClient]);
}

/** The header's side of the chat: live updates and the total unread (0 while the chat is off). */
export function useInternalChatUnread(enabled: boolean): number {
  const me = useSession().user?.id ?? null;
  const contacts = useChatContacts(me, enabled);
  useInternalChatLive(me, enabled);
  return enabled ? totalUnread(contacts.data) : 0;
}
