import { chatIdOf } from '@atiende/contracts';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from '../users/users.schema.js';
import { internalChatMessages as messages } from './internalchat.schema.js';

/** Most people a contact list shows (the drawer filters them in the browser). */
export const CONTACTS_CAP = 500;

export interface ChatMessageRow {
  id: number;
  chatId: string;
  sourceId: number;
  destinationId: number;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  sourceName: string;
}

export interface ChatContactRow {
  id: number;
  name: string;
  imagePath: string | null;
  unread: number;
  lastMessageAt: Date | null;
}

export interface ChatPerson {
  id: number;
  name: string;
  enabled: boolean;
  kind: string;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export const internalChatRepo = {
  async person(db: Executor, id: number): Promise<ChatPerson | null> {
    const [row] = await db
      .select({ id: users.id, name: users.name, enabled: users.enabled, kind: users.kind })
      .from(users)
      .where(eq(users.id, id));
    return row ?? null;
  },

  async insert(
    db: Executor,
    values: { sourceId: number; destinationId: number; body: string },
  ): Promise<Omit<ChatMessageRow, 'sourceName'>> {
    const [row] = await db
      .insert(messages)
      .values({ ...values, chatId: chatIdOf(values.sourceId, values.destinationId) })
      .returning();
    return row;
  },

  /**
   * Every enabled person but `userId`, with the unread messages they sent to `userId` and the time of the pair's
   * last message: people with messages first (latest conversation first), then by name.
   */
  async contacts(db: Executor, userId: number): Promise<ChatContactRow[]> {
    const result = await db.execute<{
      id: string | number;
      name: string;
      image_path: string | null;
      unread: string | number | null;
      last_message_at: Date | string | null;
    }>(sql`
      with mine as (
        select case when m.source_id = ${userId} then m.destination_id else m.source_id end as other_id,
          max(m.created_at) as last_message_at,
          count(*) filter (where m.destination_id = ${userId} and m.read_at is null) as unread
        from internal_chat_messages m
        where m.source_id = ${userId} or m.destination_id = ${userId}
        group by 1
      )
      select u.id, u.name, u.image_path, coalesce(mine.unread, 0) as unread, mine.last_message_at
      from users u
      left join mine on mine.other_id = u.id
      where u.kind = 'person' and u.enabled and u.id <> ${userId}
      order by mine.last_message_at desc nulls last, u.name, u.id
      limit ${CONTACTS_CAP}`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      imagePath: row.image_path,
      unread: Number(row.unread ?? 0),
      lastMessageAt: toDate(row.last_message_at),
    }));
  },

  /** One page of a conversation, newest first (keyset on id: messages older than `before`). */
  async page(db: Executor, chatId: string, before: number | undefined, limit: number): Promise<ChatMessageRow[]> {
    return db
      .select({
        id: messages.id,
        chatId: messages.chatId,
        sourceId: messages.sourceId,
        destinationId: messages.destinationId,
        body: messages.body,
        createdAt: messages.createdAt,
        readAt: messages.readAt,
        sourceName: users.name,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.sourceId))
      .where(before ? and(eq(messages.chatId, chatId), lt(messages.id, before)) : eq(messages.chatId, chatId))
      .orderBy(desc(messages.id))
      .limit(limit);
  },

  /** Marks what `sourceId` sent to `readerId` as read; returns how many messages changed. */
  async markRead(db: Executor, readerId: number, sourceId: number): Promise<number> {
    const rows = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.destinationId, readerId), eq(messages.sourceId, sourceId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    return rows.length;
  },
};
