import type { Campaign, CampaignBody, CampaignListItem, ColleagueItem, Page } from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { channelKeys } from '../channels/api';
import { formKeys } from '../forms/api';
import { type CampaignListParams, campaignKeys } from './keys';

export { type CampaignListParams, campaignKeys } from './keys';

export function useCampaignList(params: CampaignListParams) {
  return useQuery({
    queryKey: campaignKeys.list(params),
    queryFn: () => unwrap(api.get<Page<CampaignListItem>>('campaigns', { query: params })),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: campaignKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<Campaign>(`campaigns/${id}`)),
    enabled: id !== null,
  });
}

/** `GET usuario`: every user, for the responsible, agents and supervisors pickers. */
export function useColleagues() {
  return useQuery({
    queryKey: campaignKeys.colleagues,
    queryFn: () => unwrap(api.get<{ data: ColleagueItem[] }>('usuario')),
    staleTime: 60_000,
  });
}

export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CampaignBody }) =>
      unwrap(id === null ? api.post<Campaign>('campaigns', body) : api.put<Campaign>(`campaigns/${id}`, body)),
    onSuccess: (campaign) => {
      void client.invalidateQueries({ queryKey: campaignKeys.all });
      void client.invalidateQueries({ queryKey: campaignKeys.audit(campaign.id) });
      // Channel cards and forms list their campaigns.
      void client.invalidateQueries({ queryKey: channelKeys.all });
      void client.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}
