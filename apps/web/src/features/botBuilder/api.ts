import type {
  Bot,
  BotBody,
  BotCreate,
  BotFile,
  BotFlow,
  BotListItem,
  BotTryAnswer,
  BotVersion,
  CampaignListItem,
  Channel,
  ChannelTypeKey,
  Page,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { auditKeys } from '../audit/keys';

export type BotListParams = Record<string, string | number | undefined>;

export const botKeys = {
  all: ['bots'] as const,
  list: (params: BotListParams) => [...botKeys.all, 'list', params] as const,
  detail: (id: number) => [...botKeys.all, 'detail', id] as const,
  version: (id: number, versionId: number) => [...botKeys.all, 'detail', id, 'version', versionId] as const,
  campaigns: ['campaigns', 'bot-choices'] as const,
  // Under `channels`: a channel saved elsewhere refreshes the choices.
  channels: ['channels', 'bot-choices'] as const,
};

/** The channel types a bot can answer: those whose conversations are messages. */
export const BOT_CHANNEL_TYPES: readonly ChannelTypeKey[] = [
  'webchat',
  'whatsapp',
  'telegram',
  'facebook',
  'instagram',
  'sms',
];

export interface BotChannelChoice {
  id: number;
  name: string;
  type: ChannelTypeKey;
  enabled: boolean;
}

export function useBotList(params: BotListParams) {
  return useQuery({
    queryKey: botKeys.list(params),
    queryFn: () => unwrap(api.get<Page<BotListItem>>('bots', { query: params })),
    placeholderData: keepPreviousData,
  });
}

export function useBot(id: number | null) {
  return useQuery({
    queryKey: botKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<Bot>(`bots/${id}`)),
    enabled: id !== null,
  });
}

export function useBotVersion(id: number | null, versionId: number | null) {
  return useQuery({
    queryKey: botKeys.version(id ?? 0, versionId ?? 0),
    queryFn: () => unwrap(api.get<BotVersion>(`bots/${id}/versions/${versionId}`)),
    enabled: id !== null && versionId !== null,
  });
}

/** Campaigns a transfer can go to (every campaign; a 403 leaves the select empty). */
export function useBotCampaigns() {
  return useQuery({
    queryKey: botKeys.campaigns,
    queryFn: async () =>
      (
        await unwrap(
          api.get<Page<CampaignListItem>>('campaigns', {
            query: { page: 1, sizePerPage: 200, sortName: 'name', sortOrder: 'asc', enabled: 'all' },
          }),
        )
      ).data.map((campaign) => ({ id: campaign.id, name: campaign.name })),
    retry: false,
    staleTime: 60_000,
  });
}

/** Channels a bot can answer (the messaging ones, by name; a 403 leaves only the bot's own channels to show). */
export function useBotChannelChoices(enabled = true) {
  return useQuery({
    queryKey: botKeys.channels,
    queryFn: async (): Promise<BotChannelChoice[]> =>
      (
        await unwrap(
          api.get<Page<Channel>>('channels', {
            query: { page: 1, sizePerPage: 200, sortName: 'name', sortOrder: 'asc', enabled: 'all' },
          }),
        )
      ).data
        .filter((channel) => BOT_CHANNEL_TYPES.includes(channel.type))
        .map(({ id, name, type, enabled }) => ({ id, name, type, enabled })),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

function useRefreshBots() {
  const client = useQueryClient();
  return (bot?: Bot) => {
    if (bot) client.setQueryData(botKeys.detail(bot.id), bot);
    void client.invalidateQueries({ queryKey: [...botKeys.all, 'list'] });
    if (bot) void client.invalidateQueries({ queryKey: botKeys.detail(bot.id), exact: true });
    if (bot) void client.invalidateQueries({ queryKey: auditKeys.of(`bots/${bot.id}/audit`) });
  };
}

export function useCreateBot() {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: (body: BotCreate) => unwrap(api.post<Bot>('bots', body)),
    onSuccess: (bot) => refresh(bot),
  });
}

export function useUpdateBot(id: number) {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: (body: BotBody) => unwrap(api.put<Bot>(`bots/${id}`, body)),
    onSuccess: (bot) => refresh(bot),
  });
}

/** The channels whose new conversations the bot answers: exactly these (a channel another bot had moves here). */
export function useSetBotChannels(id: number) {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: (channelIds: number[]) => unwrap(api.put<Bot>(`bots/${id}/channels`, { channelIds })),
    onSuccess: (bot) => refresh(bot),
  });
}

/**
 * The bot's web service secrets (`PUT bots/:id/secrets`): each name set to a value stores it, to null removes it;
 * names left out stay. Write-only: the answer (the bot) names them, never their values.
 */
export function useSetBotSecrets(id: number) {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: (secrets: Record<string, string | null>) => unwrap(api.put<Bot>(`bots/${id}/secrets`, { secrets })),
    onSuccess: (bot) => refresh(bot),
  });
}

/** Saves the flow: over a draft version (`versionId`), or as a new version (null). */
export function useSaveBotVersion(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, flow, note }: { versionId: number | null; flow: BotFlow; note: string }) =>
      unwrap(
        versionId === null
          ? api.post<BotVersion>(`bots/${id}/versions`, { flow, note })
          : api.put<BotVersion>(`bots/${id}/versions/${versionId}`, { flow, note }),
      ),
    onSuccess: (version) => {
      client.setQueryData(botKeys.version(id, version.id), version);
      void client.invalidateQueries({ queryKey: botKeys.detail(id), exact: true });
      void client.invalidateQueries({ queryKey: [...botKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: auditKeys.of(`bots/${id}/audit`) });
    },
  });
}

export function usePublishBotVersion(id: number) {
  const refresh = useRefreshBots();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (versionId: number) => unwrap(api.post<Bot>(`bots/${id}/versions/${versionId}/publish`)),
    onSuccess: (bot) => {
      refresh(bot);
      void client.invalidateQueries({ queryKey: [...botKeys.detail(id), 'version'] });
    },
  });
}

export function useDeleteBotVersion(id: number) {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: (versionId: number) => unwrap(api.delete<Bot>(`bots/${id}/versions/${versionId}`)),
    onSuccess: (bot) => refresh(bot),
  });
}

export function useImportBot() {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: (file: unknown) => unwrap(api.post<Bot>('bots/import', file)),
    onSuccess: (bot) => refresh(bot),
  });
}

/** One turn of the test panel: the flow as drawn (saved or not), the state the last turn gave, the tester's words. */
export function tryBotTurn(body: {
  flow: BotFlow;
  state: BotTryAnswer['state'] | null;
  input: string | null;
  channelId?: number;
  /** The saved bot whose secrets the web service nodes may use. */
  botId?: number;
}): Promise<BotTryAnswer> {
  return unwrap(api.post<BotTryAnswer>('bots/try', body));
}

/** The bot as a file (the answer's `result` is the file's content). */
export function fetchBotExport(id: number, versionId?: number): Promise<BotFile> {
  return unwrap(api.get<BotFile>(`bots/${id}/export`, { query: { versionId } }));
}

/** Hands the browser a JSON file to save. */
export function downloadJson(fileName: string, content: unknown): void {
  const blob = new Blob([`${JSON.stringify(content, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
