import type {
  CatalogueEntry,
  Customer,
  CustomerBody,
  CustomerImport,
  CustomerListItem,
  KanbanColumn,
  Page,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { auditKeys } from '../audit/keys';
import { isImportFinished, moveKanbanCard } from './queryHelpers';

export type CustomerListParams = Record<string, string | number | undefined>;
export type CustomerCatalogue = 'tipo-documento' | 'tipo-dato-contacto' | 'ciudad' | 'customer-label';

export interface CustomerPage extends Page<CustomerListItem> {
  totalCapped?: boolean;
}

export interface UserOption {
  id: number;
  nombre: string;
  email: string;
  url_image: string | null;
}

export interface CampaignOption {
  id: number;
  name: string;
}

/** Query keys of the customers module. Everything under `customers` is invalidated after a customer changes. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (params: CustomerListParams) => [...customerKeys.lists(), params] as const,
  kanban: (params: { searchText?: string; perColumn: number }) => [...customerKeys.all, 'kanban', params] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  search: (text: string) => [...customerKeys.all, 'search', text] as const,
  audit: (id: number) => auditKeys.of(`customers/${id}/audit`),
  imports: ['customer-imports'] as const,
  import: (id: number) => [...customerKeys.imports, id] as const,
  catalogue: (model: CustomerCatalogue) => ['entities', model, 'customer-options'] as const,
  users: ['customers', 'owner-options'] as const,
  campaigns: ['campaigns', 'customer-filter-options'] as const,
};

export function useCustomerList(params: CustomerListParams, enabled = true) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: () => unwrap(api.get<CustomerPage>('customers', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Related-customer autocomplete: up to 20 matches of the text. */
export function useCustomerSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: customerKeys.search(trimmed),
    queryFn: () =>
      unwrap(
        api.get<CustomerPage>('customers', {
          query: { searchText: trimmed || undefined, sizePerPage: 20, page: 1, sortName: 'name', sortOrder: 'asc' },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<Customer>(`customers/${id}`)),
    enabled: id !== null,
  });
}

export function useKanban(searchText: string, enabled = true, perColumn = 20) {
  const params = { searchText: searchText.trim() || undefined, perColumn };
  return useQuery({
    queryKey: customerKeys.kanban(params),
    queryFn: () => unwrap(api.get<KanbanColumn[]>('customers/kanban', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Enabled entries of a catalogue (up to 200), in the catalogue's order then by name. */
export function useCustomerCatalogue(model: CustomerCatalogue) {
  return useQuery({
    queryKey: customerKeys.catalogue(model),
    queryFn: async () => {
      const page = await unwrap(
        api.get<Page<CatalogueEntry>>(`entities/${model}`, {
          query: { enabled: 'true', sizePerPage: 200, page: 1, sortName: 'name', sortOrder: 'asc' },
        }),
      );
      return [...page.data].sort(
        (a, b) =>
          (a.sortOrder ?? Number.MAX_SAFE_INTEGER) - (b.sortOrder ?? Number.MAX_SAFE_INTEGER) ||
          a.name.localeCompare(b.name),
      );
    },
    staleTime: 5 * 60_000,
  });
}

/** Users for the owner picker (GET /usuario → result.data). */
export function useOwnerOptions() {
  return useQuery({
    queryKey: customerKeys.users,
    queryFn: async () => (await unwrap(api.get<{ data: UserOption[] }>('usuario'))).data ?? [],
    staleTime: 5 * 60_000,
  });
}

/** Campaigns for the filter and the import; a 403 means the user may not list them (the caller hides the field). */
export function useCampaignOptions() {
  return useQuery({
    queryKey: customerKeys.campaigns,
    queryFn: async () =>
      (await unwrap(api.get<Page<CampaignOption>>('campaigns', { query: { sizePerPage: 200, page: 1 } }))).data,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

function useInvalidateCustomers() {
  const client = useQueryClient();
  return (id?: number) => {
    void client.invalidateQueries({ queryKey: customerKeys.all });
    if (id !== undefined) void client.invalidateQueries({ queryKey: customerKeys.audit(id) });
  };
}

export function useSaveCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CustomerBody }) =>
      unwrap(id === null ? api.post<Customer>('customers', body) : api.put<Customer>(`customers/${id}`, body)),
    onSuccess: (customer) => invalidate(customer.id),
  });
}

export function useAssignCustomers() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: { customerIds: number[]; ownerUserId: number }) =>
      unwrap(api.post<{ updated: number }>('customers/assign', body)),
    onSuccess: () => invalidate(),
  });
}

export interface MoveVariables {
  customerId: number;
  fromLabelId: number;
  toLabelId: number;
}

/** Moves a kanban card: optimistic on every cached board, rolled back on failure, refetched afterwards. */
export function useMoveCustomerLabel() {
  const client = useQueryClient();
  const boards = [...customerKeys.all, 'kanban'] as const;
  return useMutation({
    mutationFn: ({ customerId, fromLabelId, toLabelId }: MoveVariables) =>
      unwrap(api.post<Customer>(`customers/${customerId}/move-label`, { fromLabelId, toLabelId })),
    onMutate: async ({ customerId, fromLabelId, toLabelId }) => {
      await client.cancelQueries({ queryKey: boards });
      const snapshot = client.getQueriesData<KanbanColumn[]>({ queryKey: boards });
      client.setQueriesData<KanbanColumn[]>({ queryKey: boards }, (columns) =>
        columns ? moveKanbanCard(columns, customerId, fromLabelId, toLabelId) : columns,
      );
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
    },
    onSettled: (_data, _error, variables) => {
      void client.invalidateQueries({ queryKey: customerKeys.all });
      void client.invalidateQueries({ queryKey: customerKeys.audit(variables.customerId) });
    },
  });
}

export function useUploadImport() {
  return useMutation({
    mutationFn: (file: File) => unwrap(api.upload<CustomerImport>('customers/imports', file)),
  });
}

export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: unknown }) =>
      unwrap(api.post<CustomerImport>(`customers/imports/${id}/start`, body)),
    onSuccess: (data) => client.setQueryData(customerKeys.import(data.id), data),
  });
}

/** Polls an import every second until it is done or failed. */
export function useImportStatus(id: number | null, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: customerKeys.import(id ?? 0),
    queryFn: async () => {
      const data = await unwrap(api.get<CustomerImport>(`customers/imports/${id}`));
      if (isImportFinished(data.status)) void client.invalidateQueries({ queryKey: customerKeys.all });
      return data;
    },
    enabled: enabled && id !== null,
    refetchInterval: (query) => (isImportFinished(query.state.data?.status) ? false : 1000),
  });
}
