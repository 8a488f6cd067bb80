import type { Locale } from '@atiende/contracts';
import { isMessageKey, type MessageKey, translate } from '../../platform/i18n/messages.js';

/**
 * A problem a part of Atiende found with a channel's provider (a refused token, a server the outbound policy will
 * not reach), as people read it: our own message key and its values, with at most the provider's error code —
 * never the provider's response text.
 */
export interface ChannelProblem {
  key: MessageKey;
  params: Record<string, string | number>;
}

/**
 * How a problem is stored in `channels.last_error`: `<source>: <problem as JSON>`. The source (`IMAP`, `Graph API`)
 * lets each part clear only its own problem; the JSON keeps the message translatable per request.
 */
export function encodeProblem(source: string, problem: ChannelProblem): string {
  const params = Object.fromEntries(
    Object.entries(problem.params).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.slice(0, 200) : value,
    ]),
  );
  return `${source}: ${JSON.stringify({ key: problem.key, params })}`;
}

/** The stored problem in the reader's language; a value stored before problems were structured reads as generic. */
export function problemText(stored: string | null, locale: Locale): string | null {
  if (stored === null) return null;
  const split = stored.indexOf(': ');
  const source = split > 0 ? stored.slice(0, split) : '';
  let problem: Partial<ChannelProblem> | null = null;
  try {
    problem = JSON.parse(stored.slice(split + 2)) as Partial<ChannelProblem>;
  } catch {
    problem = null;
  }
  const text =
    problem && typeof problem.key === 'string' && isMessageKey(problem.key)
      ? translate(locale, problem.key, typeof problem.params === 'object' && problem.params ? problem.params : {})
      : translate(locale, 'channelProblems.unknown');
  return source ? `${source}: ${text}` : text;
}
