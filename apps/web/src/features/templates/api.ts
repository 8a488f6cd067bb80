import type { CampaignListItem, MessageTemplate, Page, TemplateBody, UserCampaign } from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { auditKeys } from '../audit/keys';
import { campaignKeys } from '../campaigns/keys';

export type TemplateListParams = Record<string, string | number | undefined>;

/** A template offered for a ticket (`GET tickets/:id/templates`), with its variables filled for that ticket. */
export type OfferedTemplate = MessageTemplate & { filled: string };

export const templateKeys = {
  all: ['templates'] as const,
  list: (params: TemplateListParams) => [...templateKeys.all, 'list', params] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
  offered: (ticketId: number) => [...templateKeys.all, 'ticket', ticketId] as const,
  audit: (id: number) => auditKeys.of(`templates/${id}/audit`),
};

export function useTemplateList(params: TemplateListParams) {
  return useQuery({
    queryKey: templateKeys.list(params),
    queryFn: () => unwrap(api.get<Page<MessageTemplate> & { totalCapped?: boolean }>('templates', { query: params })),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<MessageTemplate>(`templates/${id}`)),
    enabled: id !== null,
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TemplateBody }) =>
      unwrap(
        id === null ? api.post<MessageTemplate>('templates', body) : api.put<MessageTemplate>(`templates/${id}`, body),
      ),
    onSuccess: (template) => {
      void client.invalidateQueries({ queryKey: templateKeys.all });
      void client.invalidateQueries({ queryKey: templateKeys.audit(template.id) });
    },
  });
}

/** The templates a ticket may use, loaded when `enabled` (the picker asks when it opens). */
export function useTicketTemplates(ticketId: number, enabled = true) {
  return useQuery({
    queryKey: templateKeys.offered(ticketId),
    queryFn: () => unwrap(api.get<OfferedTemplate[]>(`tickets/${ticketId}/templates`)),
    enabled: enabled && ticketId > 0,
    staleTime: 30_000,
  });
}

/**
 * Campaigns to choose from: every campaign for those who may list them (`ver-menu-campanas`), else the user's
 * own campaigns (the header's list).
 */
export function useCampaignChoices(everyCampaign: boolean) {
  return useQuery({
    queryKey: [...campaignKeys.all, 'template-choices', everyCampaign],
    queryFn: async (): Promise<{ id: number; name: string }[]> => {
      if (everyCampaign) {
        const page = await unwrap(
          api.get<Page<CampaignListItem>>('campaigns', {
            query: { page: 1, sizePerPage: 200, sortName: 'name', sortOrder: 'asc', enabled: 'all' },
          }),
        );
        return page.data.map((campaign) => ({ id: campaign.id, name: campaign.name }));
      }
      const mine = await unwrap(api.get<UserCampaign[]>('supervision/obtenerCampanas'));
      return mine.map((campaign) => ({ id: campaign.id, name: campaign.nombre }));
    },
    staleTime: 60_000,
  });
}
