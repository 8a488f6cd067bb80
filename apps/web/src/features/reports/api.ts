import type { GeneratedReport, ProgrammedReport, ReportOptions, ReportProgressEvent } from '@atiende/contracts';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  replaceEqualDeep,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { downloadApiFile } from '../../api/download';
import { applyProgress, type GeneratedPages, mergeGeneratedPages, mergeReport, patchPages } from './model';

export interface GeneratedPage {
  data: GeneratedReport[];
  hasMore: boolean;
}

export interface OptionsQuery {
  includeCampaigns: boolean;
  includeAgents: boolean;
  campaigns: number[];
}

export const reportKeys = {
  all: ['reports'] as const,
  generated: ['reports', 'generated'] as const,
  programmed: ['reports', 'programmed'] as const,
  options: (query: OptionsQuery) => ['reports', 'options', query] as const,
};

/** Rows of the generated list per page (the API's keyset page: `before` = the last id shown). */
export const GENERATED_PAGE_SIZE = 20;

/** The generated reports, newest first, one page more at a time. */
export function useGeneratedReports() {
  return useInfiniteQuery({
    queryKey: reportKeys.generated,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get<GeneratedPage>('reports/generated', {
          query: { before: pageParam, sizePerPage: GENERATED_PAGE_SIZE },
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    // A refetch never takes a row back to an earlier state than the cache already has (model.ts).
    structuralSharing: (previous, next) =>
      replaceEqualDeep(previous, mergeGeneratedPages(previous as GeneratedPages | undefined, next as GeneratedPages)),
  });
}

export const fetchGeneratedReport = (id: number) => unwrap(api.get<GeneratedReport>(`reports/generated/${id}`));

type GeneratedCache = InfiniteData<GeneratedPage, number | undefined>;

/** Changes one row of the cached list; false when it is not on a loaded page. */
export function patchGeneratedRow(
  client: QueryClient,
  id: number,
  patch: (row: GeneratedReport) => GeneratedReport,
): boolean {
  let found = false;
  client.setQueryData<GeneratedCache>(reportKeys.generated, (list) => {
    if (!list) return list;
    const result = patchPages(list as GeneratedPages, id, patch);
    found = result.found;
    return result.list as GeneratedCache;
  });
  return found;
}

/** A realtime progress event into the cached list; false when the report is not on a loaded page. */
export function applyProgressEvent(client: QueryClient, event: ReportProgressEvent): boolean {
  let found = false;
  client.setQueryData<GeneratedCache>(reportKeys.generated, (list) => {
    if (!list) return list;
    const result = applyProgress(list as GeneratedPages, event);
    found = result.found;
    return result.list as GeneratedCache;
  });
  return found;
}

/** Reads one report again and puts what the server has into the list. */
export async function refreshGeneratedRow(client: QueryClient, id: number): Promise<GeneratedReport | null> {
  try {
    const fresh = await fetchGeneratedReport(id);
    patchGeneratedRow(client, id, (row) => mergeReport(row, fresh));
    return fresh;
  } catch {
    return null;
  }
}

/** `POST reports`: the report is created and generated in the background. */
export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => unwrap(api.post<GeneratedReport>('reports', body)),
    onSuccess: (created) => {
      // The new report heads the list at once (the list reloads when it is shown).
      client.setQueryData<GeneratedCache>(reportKeys.generated, (list) => {
        if (!list || list.pages.length === 0) return list;
        if (list.pages.some((page) => page.data.some((row) => row.id === created.id))) return list;
        const [first, ...rest] = list.pages;
        return { ...list, pages: [{ ...first, data: [created, ...first.data] }, ...rest] };
      });
      void client.invalidateQueries({ queryKey: reportKeys.generated });
    },
  });
}

export function useDeleteGenerated() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<unknown>(`reports/generated/${id}`)),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.generated }),
  });
}

/** Saves the report's file (`content-disposition` names it); the server marks it downloaded. */
export function downloadReport(report: Pick<GeneratedReport, 'id' | 'name'>): Promise<string> {
  return downloadApiFile(`reports/generated/${report.id}/file`, {}, `${report.name}.xlsx`);
}

export function useProgrammedReports() {
  return useQuery({
    queryKey: reportKeys.programmed,
    queryFn: () => unwrap(api.get<ProgrammedReport[]>('reports/programmed')),
  });
}

/** Creates (`id` absent) or replaces a programmed report. */
export function useSaveProgrammed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: { enabled?: boolean } }) =>
      unwrap(
        id === undefined
          ? api.post<ProgrammedReport>('reports/programmed', body)
          : api.put<ProgrammedReport>(`reports/programmed/${id}`, body),
      ),
    onSuccess: (saved) => {
      client.setQueryData<ProgrammedReport[]>(reportKeys.programmed, (list) =>
        list?.some((row) => row.id === saved.id)
          ? list.map((row) => (row.id === saved.id ? saved : row))
          : list
            ? [...list, saved]
            : list,
      );
      void client.invalidateQueries({ queryKey: reportKeys.programmed });
    },
  });
}

export function useDeleteProgrammed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<unknown>(`reports/programmed/${id}`)),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.programmed }),
  });
}

/** The campaigns and agents the wizard offers (agents of the chosen campaigns only). */
export function useReportOptions(query: OptionsQuery) {
  return useQuery({
    queryKey: reportKeys.options(query),
    queryFn: () =>
      unwrap(
        api.get<ReportOptions>('reports/options', {
          query: {
            includeCampaigns: String(query.includeCampaigns),
            includeAgents: String(query.includeAgents),
            campaigns: query.campaigns.length > 0 ? query.campaigns.join(',') : undefined,
          },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * Reports this browser asked for and downloads by itself once they are generated, while the reports page is open
 * (spec section 8: "generated and downloaded automatically").
 */
export const autoDownloads = new Set<number>();
