import type { BusinessRule, BusinessRuleInput, ConditionGroup, RuleExecution } from '@atiende/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ConditionOptions } from './conditions/model';

/** A keyset page of the API (`after` / `before` = the last id shown). */
export interface KeysetPage<T> {
  data: T[];
  hasMore: boolean;
}

/**
 * `GET automation/options`: the campaigns the caller may write rules for and, for one campaign, what its conditions
 * and actions offer by name (its agents and supervisors, ticket types, customer labels, channels, form fields).
 */
export type AutomationOptions = ConditionOptions;

export interface RuleListFilters {
  campaignId: number | null;
  searchText: string;
}

export const automationKeys = {
  all: ['automation'] as const,
  rules: ['automation', 'rules'] as const,
  ruleList: (filters: RuleListFilters) => [...automationKeys.rules, 'list', filters] as const,
  rule: (id: number) => [...automationKeys.rules, 'detail', id] as const,
  ruleExecutions: (id: number) => [...automationKeys.rules, 'executions', id] as const,
  ticketExecutions: (ticketId: number) => [...automationKeys.all, 'ticket', ticketId, 'executions'] as const,
  options: (campaignId: number | null) => [...automationKeys.all, 'options', campaignId] as const,
};

export const RULES_PAGE_SIZE = 25;
export const EXECUTIONS_PAGE_SIZE = 20;

/** The business rules by id, one keyset page more at a time. */
export function useRuleList(filters: RuleListFilters) {
  return useInfiniteQuery({
    queryKey: automationKeys.ruleList(filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<KeysetPage<BusinessRule>>('business-rules', {
          query: {
            campaignId: filters.campaignId ?? undefined,
            searchText: filters.searchText.trim() || undefined,
            after: pageParam,
            sizePerPage: RULES_PAGE_SIZE,
          },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useRule(id: number | null) {
  return useQuery({
    queryKey: automationKeys.rule(id ?? 0),
    queryFn: () => unwrap(api.get<BusinessRule>(`business-rules/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BusinessRuleInput }) =>
      unwrap(
        id === null
          ? api.post<BusinessRule>('business-rules', body)
          : api.put<BusinessRule>(`business-rules/${id}`, body),
      ),
    onSuccess: (rule) => {
      client.setQueryData(automationKeys.rule(rule.id), rule);
      void client.invalidateQueries({ queryKey: automationKeys.rules });
    },
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<unknown>(`business-rules/${id}`)),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: automationKeys.rule(id) });
      void client.invalidateQueries({ queryKey: automationKeys.rules });
    },
  });
}

export interface RulePreview {
  count: number;
  capped: boolean;
}

/** `POST business-rules/preview`: how many open tickets of the campaign the conditions match now. */
export function usePreviewRule() {
  return useMutation({
    mutationFn: (body: { campaignId: number; conditions: ConditionGroup }) =>
      unwrap(api.post<RulePreview>('business-rules/preview', body)),
  });
}

function useExecutions(queryKey: readonly unknown[], path: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<KeysetPage<RuleExecution>>(path, { query: { before: pageParam, sizePerPage: EXECUTIONS_PAGE_SIZE } }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    enabled,
  });
}

/** A rule's executions, newest first. */
export function useRuleExecutions(ruleId: number) {
  return useExecutions(automationKeys.ruleExecutions(ruleId), `business-rules/${ruleId}/executions`, ruleId > 0);
}

/** The rules that ran on a ticket, newest first. */
export function useTicketRuleExecutions(ticketId: number) {
  return useExecutions(automationKeys.ticketExecutions(ticketId), `tickets/${ticketId}/rule-executions`, ticketId > 0);
}

/** The campaigns to choose from (no campaign) or one campaign's names and form fields. */
export function useAutomationOptions(campaignId: number | null) {
  return useQuery({
    queryKey: automationKeys.options(campaignId),
    queryFn: () =>
      unwrap(api.get<AutomationOptions>('automation/options', { query: { campaignId: campaignId ?? undefined } })),
    staleTime: 60_000,
  });
}
