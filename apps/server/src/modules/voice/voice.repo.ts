import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from '../users/users.schema.js';
import { voiceSettings } from './voice.schema.js';

/** A heartbeat older than this means the node running the daemons is gone. */
export const VOICE_HEARTBEAT_STALE_SECONDS = 30;

export const voiceRepo = {
  /** The installation's secret, made by the first node that needs it (concurrent first calls agree on one). */
  async secret(db: Executor, candidate: string): Promise<string> {
    await db.insert(voiceSettings).values({ id: 1, secret: candidate }).onConflictDoNothing();
    const [row] = await db.select({ secret: voiceSettings.secret }).from(voiceSettings).where(eq(voiceSettings.id, 1));
    return row.secret;
  },

  async beat(db: Executor, alive: boolean): Promise<void> {
    await db
      .update(voiceSettings)
      .set({ heartbeatAt: alive ? sql`now()` : null })
      .where(eq(voiceSettings.id, 1));
  },

  /** Whether some node's daemons answered within the last VOICE_HEARTBEAT_STALE_SECONDS. */
  async running(db: Executor): Promise<boolean> {
    const [row] = await db
      .select({
        alive: sql<boolean>`${voiceSettings.heartbeatAt} > now() - make_interval(secs => ${VOICE_HEARTBEAT_STALE_SECONDS})`,
      })
      .from(voiceSettings)
      .where(eq(voiceSettings.id, 1));
    return row?.alive === true;
  },

  async secretIfAny(db: Executor): Promise<string | null> {
    const [row] = await db.select({ secret: voiceSettings.secret }).from(voiceSettings).where(eq(voiceSettings.id, 1));
    return row?.secret ?? null;
  },

  async caller(db: Executor, userId: number) {
    const [row] = await db
      .select({ name: users.name, extension: users.extension })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },

  /** Whether another enabled user holds this extension (the registrar knows a number, not a person). */
  async extensionShared(db: Executor, userId: number, extension: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.extension, extension), ne(users.id, userId), eq(users.enabled, true)))
      .limit(1);
    return rows.length > 0;
  },
};
