import { queryKeys } from '../../app/queries';
import { auditKeys } from '../audit/keys';

/** The campaigns' query keys, apart from the hooks so features that only invalidate them import no pages' code. */
export type CampaignListParams = Record<string, string | number | undefined>;

export const campaignKeys = {
  /** The header switcher's list (app/campaign.ts) lives under this root too. */
  all: ['campaigns'] as const,
  list: (params: CampaignListParams) => [...campaignKeys.all, 'list', params] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
  audit: (id: number) => auditKeys.of(`campaigns/${id}/audit`),
  colleagues: queryKeys.user,
};
