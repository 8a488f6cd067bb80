import { type Dispatch, type SetStateAction, useState } from 'react';

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The draft after the record changed on the server from `before` to `after`: every field the user left as it
 * was (equal to `before`) takes the server's new value; every field they edited keeps what they typed. Nested
 * objects (a configuration) are merged field by field; lists are one field.
 */
export function rebaseDraft<T>(draft: T, before: T, after: T): T {
  if (same(draft, before)) return after;
  if (!isRecord(draft) || !isRecord(before) || !isRecord(after)) return draft;
  const merged: Record<string, unknown> = { ...draft };
  for (const key of Object.keys(after)) {
    merged[key] = key in before ? rebaseDraft(draft[key], before[key], after[key]) : (draft[key] ?? after[key]);
  }
  return merged as T;
}

/**
 * A form's state started from a record it edits (`fromServer`: the record as form state). When the record
 * changes while the form is open — the page's own image upload, a refetch, a colleague's save — the fields the user
 * has not touched follow it and the ones they typed in are kept, so nothing unsaved is lost. Pages keep the form
 * mounted (no `key` on the record's version) and read the state from here.
 */
export function useDraft<T>(fromServer: T): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState<T>(fromServer);
  const [base, setBase] = useState<T>(fromServer);
  // The record changed since the last render: adjust the draft during this render (React's pattern for state
  // that follows a prop), before anything shows the old values.
  if (base !== fromServer && !same(base, fromServer)) {
    setBase(fromServer);
    setDraft((current) => rebaseDraft(current, base, fromServer));
  }
  return [draft, setDraft];
}
