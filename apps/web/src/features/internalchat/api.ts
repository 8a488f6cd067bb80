import type { InternalChatContact, InternalChatMessage } from '@atiende/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { applyMessageToContacts, CHAT_PAGE_SIZE, type Conversation, clearUnread, mergeMessages } from './model';

/** Query keys of the internal chat, per signed-in user (another user signing in never sees these caches). */
export const chatKeys = {
  user: (me: number) => ['internalchat', me] as const,
  contacts: (me: number) => [...chatKeys.user(me), 'contacts'] as const,
  conversation: (me: number, peerId: number) => [...chatKeys.user(me), 'conversation', peerId] as const,
};

const fetchContacts = async () =>
  (await unwrap(api.get<{ contacts: InternalChatContact[] }>('internalchat/getMessages'))).contacts;

const fetchPage = async (peerId: number, before?: number) =>
  (
    await unwrap(
      api.get<{ messages: InternalChatMessage[] }>('internalchat/getMessages', {
        query: { userId: peerId, before, limit: CHAT_PAGE_SIZE },
      }),
    )
  ).messages;

/** Everyone one can chat with, with unread counts; kept current by the realtime events (see hooks.ts). */
export function useChatContacts(me: number | null, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.contacts(me ?? 0),
    queryFn: fetchContacts,
    enabled: enabled && me !== null,
    staleTime: 60_000,
  });
}

/**
 * The latest page of a conversation, merged with what is already loaded (older pages, live messages). When the
 * new page does not reach the loaded messages (many arrived meanwhile), the loaded ones are dropped: no gaps.
 */
export function useConversation(me: number, peerId: number) {
  const queryClient = useQueryClient();
  const key = chatKeys.conversation(me, peerId);
  return useQuery({
    queryKey: key,
    queryFn: async (): Promise<Conversation> => {
      const page = await fetchPage(peerId);
      const cached = queryClient.getQueryData<Conversation>(key);
      const fresh = { messages: page, hasOlder: page.length === CHAT_PAGE_SIZE };
      if (!cached || cached.messages.length === 0) return fresh;
      const lastCached = cached.messages[cached.messages.length - 1].id;
      if (fresh.hasOlder && page[0].id > lastCached) return fresh;
      return { messages: mergeMessages(cached.messages, page), hasOlder: cached.hasOlder };
    },
    staleTime: 30_000,
  });
}

/** Loads the page before the oldest loaded message. */
export function useLoadOlder(me: number, peerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const key = chatKeys.conversation(me, peerId);
      const oldest = queryClient.getQueryData<Conversation>(key)?.messages[0];
      const page = await fetchPage(peerId, oldest?.id);
      queryClient.setQueryData<Conversation>(key, (current) => ({
        messages: mergeMessages(current?.messages ?? [], page),
        hasOlder: page.length === CHAT_PAGE_SIZE,
      }));
    },
  });
}

/** Puts a message (sent or received) into the caches: its conversation, if loaded, and the contact list. */
export function applyMessage(
  queryClient: QueryClient,
  me: number,
  message: InternalChatMessage,
  openPeer: number | null,
) {
  const peerId = message.direction === 'in' ? message.sourceId : message.destinationId;
  queryClient.setQueryData<Conversation>(chatKeys.conversation(me, peerId), (current) =>
    current ? { ...current, messages: mergeMessages(current.messages, [message]) } : current,
  );
  const contacts = queryClient.getQueryData<InternalChatContact[]>(chatKeys.contacts(me));
  if (contacts?.some((contact) => contact.id === peerId)) {
    queryClient.setQueryData(chatKeys.contacts(me), applyMessageToContacts(contacts, message, openPeer));
  } else {
    // Someone the list does not know yet (enabled since it loaded): reload it.
    void queryClient.invalidateQueries({ queryKey: chatKeys.contacts(me) });
  }
}

export function useSendChatMessage(me: number, peerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      unwrap(api.post<InternalChatMessage>('internalchat/sendMessage', { mensaje: text, usuario_destino_id: peerId })),
    onSuccess: (message) => applyMessage(queryClient, me, message, peerId),
  });
}

/**
 * Marks what `peerId` sent me as read. The count clears at once; a list fetch in flight (it may predate the write)
 * is cancelled, and the count is cleared again once the server answered. Errors are ignored: the next open retries.
 */
export async function markConversationRead(queryClient: QueryClient, me: number, peerId: number): Promise<void> {
  const key = chatKeys.contacts(me);
  const clear = () =>
    queryClient.setQueryData<InternalChatContact[]>(key, (current) =>
      current ? clearUnread(current, peerId) : current,
    );
  await queryClient.cancelQueries({ queryKey: key });
  clear();
  await api.post('internalchat/marcarLeidos', { destinationId: me, sourceId: peerId });
  clear();
}
