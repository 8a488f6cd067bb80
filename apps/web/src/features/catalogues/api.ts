import type { CatalogueEntry, CatalogueEntryBody, CatalogueModel, Page } from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { auditKeys } from '../audit/keys';

export type CatalogueListParams = Record<string, string | number | undefined>;

export const catalogueKeys = {
  all: ['entities'] as const,
  model: (model: CatalogueModel) => [...catalogueKeys.all, model] as const,
  list: (model: CatalogueModel, params: CatalogueListParams) =>
    [...catalogueKeys.model(model), 'list', params] as const,
  detail: (model: CatalogueModel, id: number) => [...catalogueKeys.model(model), 'detail', id] as const,
};

export function useCatalogueList(model: CatalogueModel, params: CatalogueListParams, enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.list(model, params),
    queryFn: () => unwrap(api.get<Page<CatalogueEntry>>(`entities/${model}`, { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Enabled entries of a catalogue for a select (up to 200, by name). */
export function useCatalogueOptions(model: CatalogueModel, enabled = true) {
  return useCatalogueList(
    model,
    { enabled: 'true', sizePerPage: 200, page: 1, sortName: 'name', sortOrder: 'asc' },
    enabled,
  );
}

export function useCatalogueEntry(model: CatalogueModel, id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.detail(model, id ?? 0),
    queryFn: () => unwrap(api.get<CatalogueEntry>(`entities/${model}/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveCatalogueEntry(model: CatalogueModel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CatalogueEntryBody }) =>
      unwrap(
        id === null
          ? api.post<CatalogueEntry>(`entities/${model}`, body)
          : api.put<CatalogueEntry>(`entities/${model}/${id}`, body),
      ),
    onSuccess: (entry) => {
      void client.invalidateQueries({ queryKey: catalogueKeys.model(model) });
      void client.invalidateQueries({ queryKey: auditKeys.of(`entities/${model}/${entry.id}/audit`) });
    },
  });
}
