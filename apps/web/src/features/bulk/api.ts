import {
  type BulkAccount,
  type BulkAccountsInput,
  type BulkAction,
  type BulkAudience,
  type BulkMessage,
  type BulkMessageInput,
  type BulkOptions,
  type BulkProgressEvent,
  type BulkRecipient,
  type BulkRecipientStatus,
  type BulkStatus,
  bulkPercent,
} from '@atiende/contracts';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiRequest, unwrap } from '../../api/client';
import { downloadApiFile } from '../../api/download';
import { auditKeys } from '../audit/keys';

/** A keyset page of the API (`after` = the last id shown). */
export interface BulkPage<T> {
  data: T[];
  hasMore: boolean;
}

export interface BulkListFilters {
  searchText: string;
  status: BulkStatus | '';
}

export interface RecipientFilters {
  run: number | null;
  status: BulkRecipientStatus | '';
}

/** Who would receive it: the campaign, the channel and the accounts step's choice. */
export interface AudienceQuery {
  campaignId: number;
  channelId: number;
  accounts: BulkAccountsInput;
}

export const bulkKeys = {
  all: ['bulk'] as const,
  lists: ['bulk', 'list'] as const,
  list: (filters: BulkListFilters) => ['bulk', 'list', filters] as const,
  detail: (id: number) => ['bulk', 'detail', id] as const,
  recipientsOf: (id: number) => ['bulk', 'recipients', id] as const,
  recipients: (id: number, filters: RecipientFilters) => ['bulk', 'recipients', id, filters] as const,
  options: ['bulk', 'options'] as const,
  audience: (query: AudienceQuery) => ['bulk', 'audience', query] as const,
  accounts: (query: AudienceQuery, searchText: string) => ['bulk', 'accounts', query, searchText] as const,
};

export const BULK_PAGE_SIZE = 25;
export const RECIPIENTS_PAGE_SIZE = 25;
export const ACCOUNTS_PAGE_SIZE = 25;

/** The bulk messages, newest first, one keyset page more at a time. */
export function useBulkList(filters: BulkListFilters) {
  return useInfiniteQuery({
    queryKey: bulkKeys.list(filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<BulkPage<BulkMessage>>('bulk-messages', {
          query: {
            searchText: filters.searchText.trim() || undefined,
            status: filters.status || undefined,
            after: pageParam,
            sizePerPage: BULK_PAGE_SIZE,
          },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useBulkMessage(id: number | null) {
  return useQuery({
    queryKey: bulkKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<BulkMessage>(`bulk-messages/${id}`)),
    enabled: id !== null,
  });
}

/** What the wizard offers: the campaigns with their bulk channels (and templates), the variables. */
export function useBulkOptions() {
  return useQuery({
    queryKey: bulkKeys.options,
    queryFn: () => unwrap(api.get<BulkOptions>('bulk-messages/options')),
    staleTime: 60_000,
  });
}

/** The matching count of the accounts step (null query: not asked yet). */
export function useBulkAudience(query: AudienceQuery | null) {
  return useQuery({
    queryKey: bulkKeys.audience(query ?? { campaignId: 0, channelId: 0, accounts: {} }),
    queryFn: () => unwrap(api.post<BulkAudience>('bulk-messages/audience', query)),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The accounts to choose from when it goes to selected accounts only (keyset: after = the last customer id). */
export function useBulkAccounts(query: AudienceQuery | null, searchText: string) {
  return useInfiniteQuery({
    queryKey: bulkKeys.accounts(query ?? { campaignId: 0, channelId: 0, accounts: {} }, searchText),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.post<BulkPage<BulkAccount>>('bulk-messages/accounts', {
          ...query,
          searchText: searchText.trim() || undefined,
          after: pageParam,
          sizePerPage: ACCOUNTS_PAGE_SIZE,
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.customerId : undefined),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

type ListCache = InfiniteData<BulkPage<BulkMessage>, number | undefined>;

/** Puts a bulk message the server sent back into the cached detail and every cached list that shows it. */
export function storeBulkMessage(client: QueryClient, message: BulkMessage): void {
  client.setQueryData(bulkKeys.detail(message.id), message);
  patchLists(client, message.id, () => message);
}

function patchLists(client: QueryClient, id: number, patch: (row: BulkMessage) => BulkMessage): boolean {
  let found = false;
  client.setQueriesData<ListCache>({ queryKey: bulkKeys.lists }, (list) => {
    if (!list) return list;
    let changed = false;
    const pages = list.pages.map((page) => {
      if (!page.data.some((row) => row.id === id)) return page;
      changed = true;
      return { ...page, data: page.data.map((row) => (row.id === id ? patch(row) : row)) };
    });
    if (changed) found = true;
    return changed ? { ...list, pages } : list;
  });
  return found;
}

/** A bulk message with the status and counters of a realtime event (its percent computed again). */
export function withProgress(message: BulkMessage, event: Pick<BulkProgressEvent, 'status' | 'progress'>): BulkMessage {
  return { ...message, status: event.status, progress: event.progress, percent: bulkPercent(event.progress) };
}

/**
 * A realtime progress event into the cache: the open bulk message and the list rows that show it. Says whether the
 * status changed on the detail (its dates and recipients are then read again).
 */
export function applyBulkProgress(client: QueryClient, event: BulkProgressEvent): { statusChanged: boolean } {
  let statusChanged = false;
  client.setQueryData<BulkMessage>(bulkKeys.detail(event.bulkMessageId), (message) => {
    if (!message) return message;
    if (message.status !== event.status) statusChanged = true;
    return withProgress(message, event);
  });
  patchLists(client, event.bulkMessageId, (row) => withProgress(row, event));
  return { statusChanged };
}

export function useCreateBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkMessageInput) => unwrap(api.post<BulkMessage>('bulk-messages', body)),
    onSuccess: (created) => {
      client.setQueryData(bulkKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: bulkKeys.lists });
    },
  });
}

/** Start, pause, stop, restart, repeat, repeat failed (409 when it does not apply to the status any more). */
export function useBulkAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BulkAction) => unwrap(api.post<BulkMessage>(`bulk-messages/${id}/actions`, { action })),
    onSuccess: (message) => {
      storeBulkMessage(client, message);
      void client.invalidateQueries({ queryKey: bulkKeys.recipientsOf(id) });
      void client.invalidateQueries({ queryKey: bulkAuditKey(id) });
    },
    // Someone else may have changed it meanwhile: what the server has now.
    onError: () => client.invalidateQueries({ queryKey: bulkKeys.detail(id) }),
  });
}

export function useSetBulkEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      unwrap(apiRequest<BulkMessage>('PATCH', `bulk-messages/${id}`, { enabled })),
    onSuccess: (message) => {
      storeBulkMessage(client, message);
      void client.invalidateQueries({ queryKey: bulkAuditKey(message.id) });
    },
  });
}

/** Where a bulk message's audit log is read (its history section); each action adds to it. */
export const bulkAuditPath = (id: number) => `bulk-messages/${id}/audit`;
const bulkAuditKey = (id: number) => auditKeys.of(bulkAuditPath(id));

export function useBulkRecipients(id: number, filters: RecipientFilters) {
  return useInfiniteQuery({
    queryKey: bulkKeys.recipients(id, filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<BulkPage<BulkRecipient>>(`bulk-messages/${id}/recipients`, {
          query: {
            run: filters.run ?? undefined,
            status: filters.status || undefined,
            after: pageParam,
            sizePerPage: RECIPIENTS_PAGE_SIZE,
          },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Saves the results of a run as xlsx (`content-disposition` names it). */
export function exportBulkResults(message: Pick<BulkMessage, 'id' | 'name'>, run: number | null): Promise<string> {
  return downloadApiFile(`bulk-messages/${message.id}/export`, { run: run ?? undefined }, `${message.name}.xlsx`);
}
