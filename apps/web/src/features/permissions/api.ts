import type { PermissionCategory, RoleItem, RolePermissions } from '@atiende/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../app/queries';

export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  permissions: (roleId: number) => [...roleKeys.all, 'permissions', roleId] as const,
  catalogue: () => ['permissions', 'catalogue'] as const,
};

export interface PermissionGroup {
  category: PermissionCategory | string;
  permissions: string[];
}

/** GET /roles (also the role pickers of users, business integrations and API credentials). */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: roleKeys.list(),
    queryFn: () => unwrap(api.get<RoleItem[]>('roles')),
    enabled,
    staleTime: 60_000,
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: roleKeys.catalogue(),
    queryFn: () => unwrap(api.get<PermissionGroup[]>('permissions')),
    staleTime: 10 * 60_000,
  });
}

/** GET /roles/:id/permissions */
export function useRolePermissions(roleId: number | null) {
  return useQuery({
    queryKey: roleKeys.permissions(roleId ?? 0),
    queryFn: () => unwrap(api.get<RolePermissions>(`roles/${roleId}/permissions`)),
    enabled: roleId !== null,
  });
}

export function useCreateRole() {
  const client = useQueryClient();
  return useMutation({
    /** One request: a copied role is created with its permissions in the server's transaction, or not at all. */
    mutationFn: (body: { name: string; label: string; copyFromRoleId: number | null }) =>
      unwrap(api.post<RoleItem>('roles', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

export function useRenameRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label }: { id: number; label: string }) => unwrap(api.put<RoleItem>(`roles/${id}`, { label })),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/** PUT /roles/:id/permissions: replaces the permissions a role grants. */
export function useSaveRolePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, permissions }: { id: number; permissions: string[] }) =>
      unwrap(api.put<RolePermissions>(`roles/${id}/permissions`, { permissions })),
    onSuccess: (_data, variables) => {
      void client.invalidateQueries({ queryKey: roleKeys.permissions(variables.id) });
      // The signed-in user may hold the role: reload the own profile (menu, permissions).
      void client.invalidateQueries({ queryKey: queryKeys.profile });
    },
  });
}
