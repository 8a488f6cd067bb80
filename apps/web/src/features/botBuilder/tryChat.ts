import type { BotTryAnswer } from '@atiende/contracts';
import type { TFunction } from 'i18next';

export type TryOutput = BotTryAnswer['outputs'][number];
export type TryEnding = NonNullable<BotTryAnswer['ending']>;
export type TryState = BotTryAnswer['state'];

/** One line of the test conversation: what the tester wrote, what the bot said, how it ended, the nodes it went by. */
export type TryEntry =
  | { kind: 'tester'; turn: number; text: string }
  | { kind: 'bot'; turn: number; output: TryOutput }
  | { kind: 'ending'; turn: number; ending: TryEnding }
  | { kind: 'path'; turn: number; path: string[] };

/** The test conversation so far: its lines, the engine's state to send back, and how it ended (null: still on). */
export interface TryChat {
  entries: TryEntry[];
  state: TryState | null;
  ending: TryEnding | null;
  /** Turns answered (0: not started). */
  turns: number;
}

export const EMPTY_TRY_CHAT: TryChat = { entries: [], state: null, ending: null, turns: 0 };

/** The conversation after one turn: the tester's words (none on the start), the bot's outputs, the ending, the path. */
export function appendTurn(chat: TryChat, input: string | null, answer: BotTryAnswer): TryChat {
  const turn = chat.turns + 1;
  const entries: TryEntry[] = [...chat.entries];
  if (input !== null) entries.push({ kind: 'tester', turn, text: input });
  for (const output of answer.outputs) entries.push({ kind: 'bot', turn, output });
  if (answer.path.length > 0) entries.push({ kind: 'path', turn, path: answer.path });
  if (answer.ending) entries.push({ kind: 'ending', turn, ending: answer.ending });
  return { entries, state: answer.state, ending: answer.ending, turns: turn };
}

/** The line that says how the bot ended: its reason (a loop, a broken flow), else its action. */
export function endingText(
  ending: TryEnding,
  campaigns: readonly { id: number; name: string }[],
  t: TFunction,
): string {
  if (ending.reason === 'loop' || ending.reason === 'brokenFlow') return t(`botBuilder.try.endings.${ending.reason}`);
  if (ending.action === 'transferToCampaign') {
    const name = campaigns.find((campaign) => campaign.id === ending.campaignId)?.name ?? `#${ending.campaignId ?? ''}`;
    return t('botBuilder.try.endings.transferToCampaign', { name });
  }
  return t(`botBuilder.try.endings.${ending.action}`);
}
