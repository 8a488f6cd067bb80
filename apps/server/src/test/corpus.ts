import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { IGNORED_EVENT_LOG } from '../modules/interactions/ignored.js';
import type { LogEntry, TestApp } from './app.js';

/** One real provider payload of a corpus file (files map a case name to a payload; README.md says where from). */
export interface CorpusCase {
  file: string;
  name: string;
  payload: Record<string, unknown>;
}

/** Every case of every JSON file of a corpus folder, in file and case order. */
export function loadCorpus(folder: string): CorpusCase[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const cases = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>;
      return Object.entries(cases).map(([name, payload]) => ({
        file,
        name,
        payload: payload as Record<string, unknown>,
      }));
    });
}

/** The ignored-event log entries of one channel, as the app logged them. */
export function ignoredOf(entries: readonly LogEntry[], channelId: number) {
  return entries
    .filter((entry) => entry.msg === IGNORED_EVENT_LOG && entry.channelId === channelId)
    .map((entry) => ({
      kind: String(entry.kind),
      reason: String(entry.reason),
      id: typeof entry.id === 'string' ? entry.id : undefined,
      detail: typeof entry.detail === 'string' ? entry.detail : undefined,
    }));
}

export interface StoredMessage {
  providerMessageId: string;
  text: string;
  editedAt: Date | null;
  deletedAt: Date | null;
  versions: number;
}

/** Every message stored on a channel (provider id, stored text, edit and deletion markers). */
export async function storedMessages(t: TestApp, channelId: number): Promise<StoredMessage[]> {
  const rows = (
    await t.ctx.db.execute(sql`select provider_message_id, body_text, edited_at, deleted_at,
      jsonb_array_length(coalesce(provider_data->'versions', '[]'::jsonb)) as versions
      from messages where channel_id = ${channelId} order by id`)
  ).rows as {
    provider_message_id: string;
    body_text: string;
    edited_at: string | null;
    deleted_at: string | null;
    versions: number;
  }[];
  return rows.map((row) => ({
    providerMessageId: row.provider_message_id,
    text: row.body_text,
    editedAt: row.edited_at ? new Date(row.edited_at) : null,
    deletedAt: row.deleted_at ? new Date(row.deleted_at) : null,
    versions: Number(row.versions),
  }));
}

/** Readable text: something to read, and no serialised object or missing value leaking into it. */
export function readable(text: string): boolean {
  return text.trim().length > 0 && !/\[object Object\]|\bundefined\b|\bnull\b|NaN/.test(text);
}

/** Every value under the given keys anywhere in a payload (media ids, file ids, links). */
export function valuesOf(payload: unknown, keys: readonly string[]): { key: string; value: unknown }[] {
  if (Array.isArray(payload)) return payload.flatMap((item) => valuesOf(item, keys));
  if (!payload || typeof payload !== 'object') return [];
  return Object.entries(payload).flatMap(([key, value]) => [
    ...(keys.includes(key) ? [{ key, value }] : []),
    ...valuesOf(value, keys),
  ]);
}
