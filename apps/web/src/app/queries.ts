import { type Business, hasPermission, LIMITS, type PermissionExpression, type SessionUser } from '@atiende/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, isOk } from '../api/client';
import { type StoredUser, updateStoredUser, useSession } from '../core/session';

export const queryKeys = {
  business: ['empresa'] as const,
  /** Everything about the signed-in user (profile, colleagues): dropped at logout, refreshed at login. */
  user: ['usuario'] as const,
  profile: ['usuario', 'perfil'] as const,
};

/** Public business profile (logo, theme, integrations, configuration). */
export function useBusiness() {
  return useQuery({
    queryKey: queryKeys.business,
    queryFn: async (): Promise<Business | null> => {
      const answer = await api.get<Business>('empresa');
      return isOk(answer) ? answer.result : null;
    },
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's profile; refreshed on `permissions-changed`. Falls back to the stored user. */
export function useProfile() {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: [...queryKeys.profile, token],
    enabled: Boolean(token),
    queryFn: async (): Promise<SessionUser | null> => {
      const answer = await api.get<SessionUser>('usuario/perfil');
      if (!isOk(answer)) return null;
      updateStoredUser(answer.result);
      return answer.result;
    },
    staleTime: 60_000,
  });
  const profile: StoredUser | SessionUser | null = query.data ?? user;
  return { profile, isLoading: query.isLoading && !user, query };
}

export interface Permissions {
  granted: ReadonlySet<string>;
  can: (required: PermissionExpression | undefined) => boolean;
  roles: readonly string[];
  isAgent: boolean;
}

export function usePermissions(): Permissions & { ready: boolean } {
  const { profile, isLoading } = useProfile();
  return useMemo(() => {
    const granted = new Set(profile?.nombre_permisos ?? []);
    const roles = profile?.nombre_roles ?? [];
    return {
      granted,
      roles,
      isAgent: roles.includes('agent'),
      can: (required: PermissionExpression | undefined) => hasPermission(granted, required),
      ready: !isLoading,
    };
  }, [profile, isLoading]);
}

/** The inactivity timeout in ms: business hours (default 2), or the test override. */
export function inactivityTimeoutMs(business: Business | null | undefined, override: string | null): number {
  const forced = override ? Number(override) : Number.NaN;
  if (Number.isFinite(forced) && forced > 0) return forced;
  const hours = business?.configuracion?.inactivity_timeout;
  const h = typeof hours === 'number' && hours > 0 ? hours : LIMITS.defaultInactivityHours;
  return h * 60 * 60 * 1000;
}
