import type {
  CampaignDashboard,
  CampaignDashboardWidget,
  DashboardAgent,
  UserDashboard,
  UserDashboardWidget,
} from '@atiende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { downloadApiFile } from '../../api/download';
import { type DashboardFilters, dashboardQuery } from './model';

export const analyticsKeys = {
  all: ['analytics'] as const,
  user: (filters: DashboardFilters) => ['analytics', 'user-dashboard', filters] as const,
  agents: ['analytics', 'user-dashboard', 'agents'] as const,
  campaign: (filters: DashboardFilters) => ['analytics', 'campaign-dashboard', filters] as const,
};

/** The dashboards refetch on this period while open (the figures are at most ~10 s behind the raw data). */
export const DASHBOARD_REFRESH_MS = 15_000;

/**
 * Live options: refetch every 15 s while the page is open, and keep the previous answer on screen while a new
 * period or campaign loads (a refetch never blanks the charts). A refused period (400) is not retried.
 */
const live = {
  refetchInterval: DASHBOARD_REFRESH_MS,
  placeholderData: keepPreviousData,
  retry: (count: number, error: unknown) =>
    !(error instanceof Error && 'httpStatus' in error && (error.httpStatus as number) < 500) && count < 2,
} as const;

export function useUserDashboard(filters: DashboardFilters) {
  return useQuery({
    queryKey: analyticsKeys.user(filters),
    queryFn: () => unwrap(api.get<UserDashboard>('analytics/user-dashboard', { query: dashboardQuery(filters, true) })),
    ...live,
  });
}

export function useCampaignDashboard(filters: DashboardFilters) {
  return useQuery({
    queryKey: analyticsKeys.campaign(filters),
    queryFn: () =>
      unwrap(api.get<CampaignDashboard>('analytics/campaign-dashboard', { query: dashboardQuery(filters, false) })),
    ...live,
  });
}

/** Whose user dashboard the caller may open (themselves first in the server's order). */
export function useDashboardAgents() {
  return useQuery({
    queryKey: analyticsKeys.agents,
    queryFn: () => unwrap(api.get<DashboardAgent[]>('analytics/user-dashboard/agents')),
    staleTime: 5 * 60_000,
  });
}

/** One widget's figures as an xlsx file (`GET /analytics/<dashboard>/download?widget=...` with the same query). */
export function downloadWidget(
  dashboard: 'user-dashboard' | 'campaign-dashboard',
  widget: UserDashboardWidget | CampaignDashboardWidget,
  filters: DashboardFilters,
): Promise<string> {
  return downloadApiFile(
    `analytics/${dashboard}/download`,
    { ...dashboardQuery(filters, dashboard === 'user-dashboard'), widget },
    `${widget}.xlsx`,
  );
}
