import type {
  DynamicForm,
  DynamicFormBody,
  OptionNode,
  Page,
  ReusableList,
  ReusableListBody,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export type ListParams = Record<string, string | number | undefined>;

/** What `GET dynamic-forms/:id` answers: the form and the options of the reusable lists it uses. */
export interface DynamicFormDetail {
  form: DynamicForm;
  lists: { id: number; options: OptionNode[] }[];
}

export const formKeys = {
  all: ['dynamic-forms'] as const,
  list: (params: ListParams) => [...formKeys.all, 'list', params] as const,
  detail: (id: number) => [...formKeys.all, 'detail', id] as const,
};

export const reusableListKeys = {
  all: ['reusable-lists'] as const,
  list: (params: ListParams) => [...reusableListKeys.all, 'list', params] as const,
  detail: (id: number) => [...reusableListKeys.all, 'detail', id] as const,
};

const OPTIONS_QUERY = { page: 1, sizePerPage: 200, sortName: 'name', sortOrder: 'asc' } as const;

export function useFormList(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: formKeys.list(params),
    queryFn: () => unwrap(api.get<Page<DynamicForm>>('dynamic-forms', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Enabled forms for a select. */
export function useFormOptions(enabled = true) {
  return useFormList({ ...OPTIONS_QUERY, enabled: 'true' }, enabled);
}

export function useDynamicForm(id: number | null) {
  return useQuery({
    queryKey: formKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<DynamicFormDetail>(`dynamic-forms/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DynamicFormBody }) =>
      unwrap(
        id === null ? api.post<DynamicForm>('dynamic-forms', body) : api.put<DynamicForm>(`dynamic-forms/${id}`, body),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: formKeys.all });
      // Lists show the forms that use them.
      void client.invalidateQueries({ queryKey: reusableListKeys.all });
    },
  });
}

export function useReusableLists(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: reusableListKeys.list(params),
    queryFn: () => unwrap(api.get<Page<ReusableList>>('reusable-lists', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useReusableListOptions(enabled = true) {
  return useReusableLists(OPTIONS_QUERY, enabled);
}

export function useReusableList(id: number | null) {
  return useQuery({
    queryKey: reusableListKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<ReusableList>(`reusable-lists/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveReusableList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ReusableListBody }) =>
      unwrap(
        id === null
          ? api.post<ReusableList>('reusable-lists', body)
          : api.put<ReusableList>(`reusable-lists/${id}`, body),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reusableListKeys.all });
      // Forms render the list's options.
      void client.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}
