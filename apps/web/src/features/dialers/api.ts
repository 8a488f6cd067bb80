import {
  API_BASE,
  type DialerAccount,
  type DialerAccountStatus,
  type DialerAccountsInput,
  type DialerAction,
  type DialerAudience,
  type DialerAudioUpload,
  type DialerCandidate,
  type DialerDetail,
  type DialerInput,
  type DialerOptions,
  type DialerPage,
  type DialerProgressEvent,
  type DialerStats,
  type DialerStatus,
  LOCALE_HEADER,
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
import { ApiError, api, unwrap } from '../../api/client';
import i18n from '../../core/i18n';
import { getToken } from '../../core/session';

/** A keyset page of the API (`after` = the last id shown). */
export interface KeysetPage<T> {
  data: T[];
  hasMore: boolean;
}

export interface DialerListFilters {
  campaignId: number | '';
  status: DialerStatus | '';
}

/** Whom a dialer would call: the campaign and the accounts' choice. */
export interface AudienceQuery {
  campaignId: number;
  accounts: DialerAccountsInput;
}

export const dialerKeys = {
  all: ['dialers'] as const,
  lists: ['dialers', 'list'] as const,
  list: (filters: DialerListFilters) => ['dialers', 'list', filters] as const,
  detail: (id: number) => ['dialers', 'detail', id] as const,
  accountsOf: (id: number) => ['dialers', 'accounts', id] as const,
  accounts: (id: number, status: DialerAccountStatus | '') => ['dialers', 'accounts', id, status] as const,
  stats: (id: number) => ['dialers', 'stats', id] as const,
  options: ['dialers', 'options'] as const,
  audience: (query: AudienceQuery | null) => ['dialers', 'audience', query] as const,
  candidates: (query: AudienceQuery | null, searchText: string) =>
    ['dialers', 'candidates', query, searchText] as const,
  audio: (id: number) => ['dialers', 'audio', id] as const,
};

export const DIALERS_PAGE_SIZE = 25;
export const ACCOUNTS_PAGE_SIZE = 25;

/** The dialers, newest first, one keyset page more at a time (each page says whether telephony is configured). */
export function useDialersList(filters: DialerListFilters) {
  return useInfiniteQuery({
    queryKey: dialerKeys.list(filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<DialerPage>('dialers', {
          query: {
            campaignId: filters.campaignId || undefined,
            status: filters.status || undefined,
            after: pageParam,
            sizePerPage: DIALERS_PAGE_SIZE,
          },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useDialer(id: number | null) {
  return useQuery({
    queryKey: dialerKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<DialerDetail>(`dialers/${id}`)),
    enabled: id !== null,
  });
}

/** What the form offers: the caller's campaigns and names for the conditions. */
export function useDialerOptions() {
  return useQuery({
    queryKey: dialerKeys.options,
    queryFn: () => unwrap(api.get<DialerOptions>('dialers/options')),
    staleTime: 60_000,
  });
}

/** How many accounts the form's choice calls now (null query: not asked yet). */
export function useDialerAudience(query: AudienceQuery | null) {
  return useQuery({
    queryKey: dialerKeys.audience(query),
    queryFn: () => unwrap(api.post<DialerAudience>('dialers/audience', query)),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The accounts to choose from when it calls selected accounts only (keyset: after = the last customer id). */
export function useDialerCandidates(query: AudienceQuery | null, searchText: string) {
  return useInfiniteQuery({
    queryKey: dialerKeys.candidates(query, searchText),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.post<KeysetPage<DialerCandidate>>('dialers/candidates', {
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

/** Saves a new dialer (`id` null) or changes one. */
export function useSaveDialer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DialerInput }) =>
      unwrap(id === null ? api.post<DialerDetail>('dialers', body) : api.put<DialerDetail>(`dialers/${id}`, body)),
    onSuccess: (saved) => {
      client.setQueryData(dialerKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: dialerKeys.lists });
      void client.invalidateQueries({ queryKey: dialerKeys.accountsOf(saved.id) });
      void client.invalidateQueries({ queryKey: dialerKeys.stats(saved.id) });
    },
  });
}

/** A play-audio dialer's file, uploaded before the dialer is saved (checked by content on the server). */
export function useUploadDialerAudio() {
  return useMutation({
    mutationFn: (file: File) => unwrap(api.upload<DialerAudioUpload>('dialers/audio', file)),
  });
}

/** An action of the state machine (409 when it no longer applies, or telephony is not configured). */
export function useDialerAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: DialerAction }) =>
      unwrap(api.post<DialerDetail>(`dialers/${id}/actions`, { action })),
    onSuccess: (dialer) => {
      client.setQueryData(dialerKeys.detail(dialer.id), dialer);
      void client.invalidateQueries({ queryKey: dialerKeys.lists });
      void client.invalidateQueries({ queryKey: dialerKeys.accountsOf(dialer.id) });
      void client.invalidateQueries({ queryKey: dialerKeys.stats(dialer.id) });
    },
    // Someone else may have changed it meanwhile: what the server has now.
    onError: (_error, { id }) => {
      void client.invalidateQueries({ queryKey: dialerKeys.detail(id) });
      void client.invalidateQueries({ queryKey: dialerKeys.lists });
    },
  });
}

export function useDialerAccounts(id: number, status: DialerAccountStatus | '') {
  return useInfiniteQuery({
    queryKey: dialerKeys.accounts(id, status),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<KeysetPage<DialerAccount>>(`dialers/${id}/accounts`, {
          query: { status: status || undefined, after: pageParam, sizePerPage: ACCOUNTS_PAGE_SIZE },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useDialerStats(id: number) {
  return useQuery({
    queryKey: dialerKeys.stats(id),
    queryFn: () => unwrap(api.get<DialerStats>(`dialers/${id}/stats`)),
  });
}

/**
 * A play-audio dialer's file as an object URL for an `<audio>` element (fetched with the session's headers; the
 * caller revokes it).
 */
export async function fetchDialerAudio(id: number): Promise<string> {
  const headers: Record<string, string> = { [LOCALE_HEADER]: i18n.language || 'es' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_BASE}/dialers/${id}/audio`, { headers });
  if (!response.ok) {
    throw new ApiError({
      statusResult: false,
      status: 'ERROR',
      code: null,
      message: i18n.t('dialers.audio.loadFailed'),
      result: undefined,
      httpStatus: response.status,
    });
  }
  return URL.createObjectURL(await response.blob());
}

type ListCache = InfiniteData<DialerPage, number | undefined>;

/**
 * A realtime progress event into the cache: the open dialer and the list rows that show it take its status and
 * counters. Says whether the open dialer's status changed (its dates and actions are then read again).
 */
export function applyDialerProgress(client: QueryClient, event: DialerProgressEvent): { statusChanged: boolean } {
  let statusChanged = false;
  client.setQueryData<DialerDetail>(dialerKeys.detail(event.dialerId), (dialer) => {
    if (!dialer) return dialer;
    if (dialer.status !== event.status) statusChanged = true;
    return { ...dialer, status: event.status, counts: event.counts };
  });
  client.setQueriesData<ListCache>({ queryKey: dialerKeys.lists }, (list) => {
    if (!list?.pages.some((page) => page.data.some((row) => row.id === event.dialerId))) return list;
    return {
      ...list,
      pages: list.pages.map((page) => ({
        ...page,
        data: page.data.map((row) =>
          row.id === event.dialerId ? { ...row, status: event.status, counts: event.counts } : row,
        ),
      })),
    };
  });
  return { statusChanged };
}
