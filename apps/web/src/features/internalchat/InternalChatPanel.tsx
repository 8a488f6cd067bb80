import type { InternalChatContact } from '@atiende/contracts';
import { useState } from 'react';
import { useSession } from '../../core/session';
import { useChatContacts } from './api';
import { ContactList } from './ContactList';
import { ConversationView } from './ConversationView';

/** The chat drawer's content: the user list, or the conversation picked from it (back returns to the list). */
export function InternalChatPanel() {
  const me = useSession().user?.id ?? null;
  const [peer, setPeer] = useState<InternalChatContact | null>(null);
  const contacts = useChatContacts(me, me !== null);
  if (me === null) return null;
  if (peer) {
    // The list's copy is the live one (name and picture changes); the picked one covers a refresh in between.
    const current = contacts.data?.find((contact) => contact.id === peer.id) ?? peer;
    return <ConversationView key={peer.id} me={me} peer={current} onBack={() => setPeer(null)} />;
  }
  return <ContactList me={me} onOpen={setPeer} />;
}
