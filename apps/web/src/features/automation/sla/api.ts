import type { SlaRecord, SlaRule, SlaRuleInput } from '@atiende/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { ConditionOptions } from '../conditions/model';

/** A keyset page of the API (`after` / `before` = the last id shown). */
export interface KeysetPage<T> {
  data: T[];
  hasMore: boolean;
}

/**
 * `GET sla-rules/options`: the campaigns the caller may write SLA rules for and, for one campaign, what its
 * conditions offer by name (agents, ticket types, labels, channels, form fields), as `automation/options`.
 */
export type SlaOptions = ConditionOptions;

export interface SlaRuleListFilters {
  campaignId: number | null;
  searchText: string;
}

export const slaKeys = {
  all: ['sla-rules'] as const,
  list: (filters: SlaRuleListFilters) => [...slaKeys.all, 'list', filters] as const,
  rule: (id: number) => [...slaKeys.all, 'detail', id] as const,
  records: (id: number) => [...slaKeys.all, 'records', id] as const,
  /** Not under `all`: saving a rule does not change what the campaigns offer. */
  options: (campaignId: number | null) => ['sla-options', campaignId] as const,
};

export const SLA_RULES_PAGE_SIZE = 25;
export const SLA_RECORDS_PAGE_SIZE = 20;

/** The SLA rules by id, one keyset page more at a time. */
export function useSlaRuleList(filters: SlaRuleListFilters) {
  return useInfiniteQuery({
    queryKey: slaKeys.list(filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<KeysetPage<SlaRule>>('sla-rules', {
          query: {
            campaignId: filters.campaignId ?? undefined,
            searchText: filters.searchText.trim() || undefined,
            after: pageParam,
            sizePerPage: SLA_RULES_PAGE_SIZE,
          },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useSlaRule(id: number | null) {
  return useQuery({
    queryKey: slaKeys.rule(id ?? 0),
    queryFn: () => unwrap(api.get<SlaRule>(`sla-rules/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveSlaRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SlaRuleInput }) =>
      unwrap(id === null ? api.post<SlaRule>('sla-rules', body) : api.put<SlaRule>(`sla-rules/${id}`, body)),
    onSuccess: (rule) => {
      client.setQueryData(slaKeys.rule(rule.id), rule);
      void client.invalidateQueries({ queryKey: slaKeys.all });
      // Open tickets may follow another rule now.
      void client.invalidateQueries({ queryKey: ['tickets', 'sla'] });
    },
  });
}

export function useDeleteSlaRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<unknown>(`sla-rules/${id}`)),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: slaKeys.rule(id) });
      client.removeQueries({ queryKey: slaKeys.records(id) });
      void client.invalidateQueries({ queryKey: slaKeys.all });
      void client.invalidateQueries({ queryKey: ['tickets', 'sla'] });
    },
  });
}

/** The campaigns to choose from (no campaign) or one campaign's names and form fields. */
export function useSlaOptions(campaignId: number | null) {
  return useQuery({
    queryKey: slaKeys.options(campaignId),
    queryFn: () => unwrap(api.get<SlaOptions>('sla-rules/options', { query: { campaignId: campaignId ?? undefined } })),
    staleTime: 60_000,
  });
}

/** A rule's breaches, newest first. */
export function useSlaRecords(ruleId: number) {
  return useInfiniteQuery({
    queryKey: slaKeys.records(ruleId),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<KeysetPage<SlaRecord>>(`sla-rules/${ruleId}/records`, {
          query: { before: pageParam, sizePerPage: SLA_RECORDS_PAGE_SIZE },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    enabled: ruleId > 0,
  });
}
