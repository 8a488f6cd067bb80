import type { Channel, ChannelBody, FailedInboundMessage, FailedInboundRetry, Page } from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { auditKeys } from '../audit/keys';
import { campaignKeys } from '../campaigns/keys';

export type ChannelListParams = Record<string, string | number | undefined>;

export const channelKeys = {
  all: ['channels'] as const,
  list: (params: ChannelListParams) => [...channelKeys.all, 'list', params] as const,
  detail: (id: number) => [...channelKeys.all, 'detail', id] as const,
  audit: (id: number) => auditKeys.of(`channels/${id}/audit`),
  failedMessages: (id: number) => [...channelKeys.all, 'failed-messages', id] as const,
};

export function useChannelList(params: ChannelListParams, enabled = true) {
  return useQuery({
    queryKey: channelKeys.list(params),
    queryFn: () => unwrap(api.get<Page<Channel>>('channels', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Channels for selects (up to 200, by name). */
export function useChannelOptions(enabled = true) {
  return useChannelList({ page: 1, sizePerPage: 200, sortName: 'name', sortOrder: 'asc' }, enabled);
}

export function useChannel(id: number | null) {
  return useQuery({
    queryKey: channelKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<Channel>(`channels/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ChannelBody }) =>
      unwrap(id === null ? api.post<Channel>('channels', body) : api.put<Channel>(`channels/${id}`, body)),
    onSuccess: (channel) => {
      void client.invalidateQueries({ queryKey: channelKeys.all });
      void client.invalidateQueries({ queryKey: channelKeys.audit(channel.id) });
      // Campaigns show channel names.
      void client.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** Registers the Telegram channel's webhook with Telegram (a secret token is generated when the channel has none). */
export function useRegisterTelegramWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.post<{ webhookUrl: string }>(`channels/${id}/telegram-webhook`, {})),
    onSuccess: () => void client.invalidateQueries({ queryKey: channelKeys.detail(id) }),
  });
}

/** The channel's failed inbound messages, newest first (docs/api/email.md). */
export function useFailedInbound(channelId: number, page: number, sizePerPage: number) {
  return useQuery({
    queryKey: [...channelKeys.failedMessages(channelId), page, sizePerPage],
    queryFn: () =>
      unwrap(
        api.get<Page<FailedInboundMessage>>(`channels/${channelId}/failed-messages`, { query: { page, sizePerPage } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Retry (processed again from its kept source) or discard a failed inbound message; the list and history follow. */
export function useFailedInboundAction(channelId: number) {
  const client = useQueryClient();
  const settle = () => {
    void client.invalidateQueries({ queryKey: channelKeys.failedMessages(channelId) });
    void client.invalidateQueries({ queryKey: channelKeys.audit(channelId) });
  };
  return {
    retry: useMutation({
      mutationFn: (failedId: number) =>
        unwrap(api.post<FailedInboundRetry>(`channels/${channelId}/failed-messages/${failedId}/retry`)),
      onSettled: settle,
    }),
    discard: useMutation({
      mutationFn: (failedId: number) => unwrap(api.delete<null>(`channels/${channelId}/failed-messages/${failedId}`)),
      onSettled: settle,
    }),
  };
}
