import type {
  Page,
  Survey,
  SurveyAnalysis,
  SurveyBody,
  SurveyLink,
  SurveyLinkBody,
  SurveyListItem,
  SurveyParticipant,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { downloadApiFile } from '../../api/download';

export type SurveyParams = Record<string, string | number | undefined>;

/** The surveys' query keys: everything under `surveys`, so one save refreshes what depends on it. */
export const surveyKeys = {
  all: ['surveys'] as const,
  list: (params: SurveyParams) => [...surveyKeys.all, 'list', params] as const,
  choices: ['surveys', 'choices'] as const,
  detail: (id: number) => [...surveyKeys.all, 'detail', id] as const,
  links: (id: number, params: SurveyParams) => [...surveyKeys.all, 'links', id, params] as const,
  analysis: (id: number, params: SurveyParams) => [...surveyKeys.all, 'analysis', id, params] as const,
  participants: (id: number, params: SurveyParams) => [...surveyKeys.all, 'participants', id, params] as const,
};

/** The largest page the API gives (the campaign form's select asks for one page of enabled surveys). */
export const SURVEYS_MAX_PAGE = 200;

export function useSurveyList(params: SurveyParams) {
  return useQuery({
    queryKey: surveyKeys.list(params),
    queryFn: () => unwrap(api.get<Page<SurveyListItem>>('surveys', { query: params })),
    placeholderData: keepPreviousData,
  });
}

/** The enabled surveys (one page of the largest size, by name): the campaign's "survey when a ticket closes". */
export function useSurveyChoices(enabled = true) {
  return useQuery({
    queryKey: surveyKeys.choices,
    queryFn: async () =>
      (
        await unwrap(
          api.get<Page<SurveyListItem>>('surveys', {
            query: { enabled: 'true', page: 1, sizePerPage: SURVEYS_MAX_PAGE, sortName: 'name', sortOrder: 'asc' },
          }),
        )
      ).data,
    staleTime: 30_000,
    enabled,
  });
}

export function useSurvey(id: number | null) {
  return useQuery({
    queryKey: surveyKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<Survey>(`surveys/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SurveyBody }) =>
      unwrap(id === null ? api.post<Survey>('surveys', body) : api.put<Survey>(`surveys/${id}`, body)),
    onSuccess: (survey) => {
      client.setQueryData(surveyKeys.detail(survey.id), survey);
      void client.invalidateQueries({
        queryKey: surveyKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== survey.id,
      });
    },
  });
}

export function useSurveyLinks(id: number, params: SurveyParams, enabled = true) {
  return useQuery({
    queryKey: surveyKeys.links(id, params),
    queryFn: () => unwrap(api.get<Page<SurveyLink>>(`surveys/${id}/links`, { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateSurveyLink(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyLinkBody) => unwrap(api.post<SurveyLink>(`surveys/${id}/links`, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...surveyKeys.all, 'links', id] });
      void client.invalidateQueries({ queryKey: [...surveyKeys.all, 'analysis', id] });
    },
  });
}

export function useSurveyAnalysis(id: number, params: SurveyParams, enabled = true) {
  return useQuery({
    queryKey: surveyKeys.analysis(id, params),
    queryFn: () => unwrap(api.get<SurveyAnalysis>(`surveys/${id}/analysis`, { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSurveyParticipants(id: number, params: SurveyParams, enabled = true) {
  return useQuery({
    queryKey: surveyKeys.participants(id, params),
    queryFn: () => unwrap(api.get<Page<SurveyParticipant>>(`surveys/${id}/participants`, { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Downloads the results' xlsx with the dashboard's filters; rejects as `downloadApiFile` does. */
export function downloadSurveyReport(id: number, query: SurveyParams, fallbackName: string): Promise<string> {
  return downloadApiFile(`surveys/${id}/report`, query, fallbackName);
}
