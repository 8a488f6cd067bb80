import type { OmniWidget, Page, WidgetBody } from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, unwrap } from '../../api/client';
import { auditKeys } from '../audit/keys';

export type WidgetListParams = Record<string, string | number | undefined>;
export type WidgetImageKind = 'business-image' | 'icon-image';

export const widgetKeys = {
  all: ['omni-widgets'] as const,
  list: (params: WidgetListParams) => [...widgetKeys.all, 'list', params] as const,
  detail: (id: number) => [...widgetKeys.all, 'detail', id] as const,
  audit: (id: number) => auditKeys.of(`omni-widgets/${id}/audit`),
};

export function useWidgetList(params: WidgetListParams) {
  return useQuery({
    queryKey: widgetKeys.list(params),
    queryFn: () => unwrap(api.get<Page<OmniWidget>>('omni-widgets', { query: params })),
    placeholderData: keepPreviousData,
  });
}

export function useWidget(id: number | null) {
  return useQuery({
    queryKey: widgetKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<OmniWidget>(`omni-widgets/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WidgetBody }) =>
      unwrap(
        id === null ? api.post<OmniWidget>('omni-widgets', body) : api.put<OmniWidget>(`omni-widgets/${id}`, body),
      ),
    onSuccess: (widget) => {
      client.setQueryData(widgetKeys.detail(widget.id), widget);
      void client.invalidateQueries({ queryKey: [...widgetKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: widgetKeys.audit(widget.id) });
    },
  });
}

/** Uploads (multipart `file`) or, with `null`, removes the widget's business image or icon. */
export function useWidgetImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: number; kind: WidgetImageKind; file: File | null }) =>
      unwrap(
        file
          ? api.upload<OmniWidget>(`omni-widgets/${id}/${kind}`, file)
          : apiRequest<OmniWidget>('DELETE', `omni-widgets/${id}/${kind}`),
      ),
    onSuccess: (widget) => {
      client.setQueryData(widgetKeys.detail(widget.id), widget);
      void client.invalidateQueries({ queryKey: [...widgetKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: widgetKeys.audit(widget.id) });
    },
  });
}
