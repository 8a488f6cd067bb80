import type { PermissionCategory, RoleItem, RolePermissions } from '@atiende/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /roles/:id/permissions, shared by the grid's query and the copy of a role's permissions. */
function rolePermissionsQuery(roleId: number) {
  return queryOptions({
    queryKey: roleKeys.permissions(roleId),
    queryFn: () => unwrap(api.get<RolePermissions>(`roles/${roleId}/permissions`)),
  });
}

export function useRolePermissions(roleId: number | null) {
  return useQuery({ ...rolePermissionsQuery(roleId ?? 0), enabled: roleId !== null });
}

export function useCreateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; label: string }) => unwrap(api.post<RoleItem>('roles', body)),
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
function putRolePermissions(id: number, permissions: string[]) {
  return unwrap(api.put<RolePermissions>(`roles/${id}/permissions`, { permissions }));
}

function afterPermissionsSaved(client: QueryClient, roleId: number) {
  void client.invalidateQueries({ queryKey: roleKeys.permissions(roleId) });
  // The signed-in user may hold the role: reload the own profile (menu, permissions).
  void client.invalidateQueries({ queryKey: queryKeys.profile });
}

export function useSaveRolePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, permissions }: { id: number; permissions: string[] }) => putRolePermissions(id, permissions),
    onSuccess: (_data, variables) => afterPermissionsSaved(client, variables.id),
  });
}

/**
 * Gives role `to` the permissions role `from` grants: reads them fresh (GET /roles/:from/permissions) and saves them
 * (PUT /roles/:to/permissions), so the server's grant rules apply as to any other save (403 when the user lacks one).
 */
export function useCopyRolePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ from, to }: { from: number; to: number }) => {
      const source = await client.fetchQuery({ ...rolePermissionsQuery(from), staleTime: 0 });
      return putRolePermissions(to, source.permissions);
    },
    onSuccess: (_data, variables) => afterPermissionsSaved(client, variables.to),
  });
}
