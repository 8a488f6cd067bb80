import type {
  BusinessRule,
  BusinessRuleInput,
  ConditionGroup,
  RuleExecution,
  Segmentation,
  SegmentationDashboard,
  SegmentationInput,
  SegmentationRun,
} from '@atiende/contracts';
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
/** What the builders offer: the conditions' options and, for the "send a template" action, the campaign's templates. */
export type AutomationOptions = ConditionOptions & {
  templates?: { id: number; name: string }[];
  skills?: { id: number; name: string }[];
};

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
  segmentations: ['automation', 'segmentations'] as const,
  segmentationList: (filters: SegmentationListFilters) => [...automationKeys.segmentations, 'list', filters] as const,
  segmentation: (id: number) => [...automationKeys.segmentations, 'detail', id] as const,
  segmentationDashboard: (id: number) => [...automationKeys.segmentations, 'dashboard', id] as const,
  /** Not under `segmentations`: saving or running one does not change what the campaigns offer. */
  segmentationOptions: (campaignId: number | null) =>
    [...automationKeys.all, 'segmentationOptions', campaignId] as const,
};

export interface SegmentationListFilters {
  searchText: string;
}

export const RULES_PAGE_SIZE = 25;
export const SEGMENTATIONS_PAGE_SIZE = 25;
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

// --- Segmentation ------------------------------------------------------------------------------------------------

/** The segmentations by id, one keyset page more at a time. */
export function useSegmentationList(filters: SegmentationListFilters) {
  return useInfiniteQuery({
    queryKey: automationKeys.segmentationList(filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<KeysetPage<Segmentation>>('segmentations', {
          query: {
            searchText: filters.searchText.trim() || undefined,
            after: pageParam,
            sizePerPage: SEGMENTATIONS_PAGE_SIZE,
          },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useSegmentation(id: number | null) {
  return useQuery({
    queryKey: automationKeys.segmentation(id ?? 0),
    queryFn: () => unwrap(api.get<Segmentation>(`segmentations/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveSegmentation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SegmentationInput }) =>
      unwrap(
        id === null
          ? api.post<Segmentation>('segmentations', body)
          : api.put<Segmentation>(`segmentations/${id}`, body),
      ),
    onSuccess: (segmentation) => {
      client.setQueryData(automationKeys.segmentation(segmentation.id), segmentation);
      void client.invalidateQueries({ queryKey: automationKeys.segmentations });
    },
  });
}

export function useDeleteSegmentation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<unknown>(`segmentations/${id}`)),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: automationKeys.segmentation(id) });
      client.removeQueries({ queryKey: automationKeys.segmentationDashboard(id) });
      void client.invalidateQueries({ queryKey: automationKeys.segmentations });
    },
  });
}

/**
 * `GET segmentations/options`: the campaigns the caller manages (no campaign) or, for the base campaign, what its
 * segments' conditions offer by name and its form fields (the shape of `automation/options`).
 */
export function useSegmentationOptions(campaignId: number | null, enabled = true) {
  return useQuery({
    queryKey: automationKeys.segmentationOptions(campaignId),
    queryFn: () =>
      unwrap(api.get<AutomationOptions>('segmentations/options', { query: { campaignId: campaignId ?? undefined } })),
    staleTime: 60_000,
    enabled,
  });
}

/** The view page's dashboard: the base campaign's open tickets, what each segment would take now, the last runs. */
export function useSegmentationDashboard(id: number | null) {
  return useQuery({
    queryKey: automationKeys.segmentationDashboard(id ?? 0),
    queryFn: () => unwrap(api.get<SegmentationDashboard>(`segmentations/${id}/dashboard`)),
    enabled: id !== null,
  });
}

/** `POST segmentations/:id/run`: sorts the base campaign's open tickets now; the dashboard and lists are asked again. */
export function useRunSegmentation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.post<SegmentationRun>(`segmentations/${id}/run`)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: automationKeys.segmentations });
    },
  });
}
