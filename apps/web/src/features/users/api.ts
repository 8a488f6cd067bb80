import type {
  CreateUserBody,
  Page,
  UpdateProfileBody,
  UpdateUserBody,
  UserDetail,
  UserListItem,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../app/queries';
import { auditKeys } from '../audit/keys';

export type UserListParams = Record<string, string | number | undefined>;

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => [...userKeys.all, 'list', params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  /** The user view's work tabs: campaigns, customers, ticket statistics, agenda. */
  work: (id: number, tab: string, ...params: unknown[]) => [...userKeys.detail(id), tab, ...params] as const,
  audit: (id: number) => auditKeys.of(`users/${id}/audit`),
  profile: ['profile'] as const,
};

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: () => unwrap(api.get<Page<UserListItem>>('users', { query: params })),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<UserDetail>(`users/${id}`)),
    enabled: id !== null,
  });
}

/** Invalidates the user lists, one user's detail and audit, and (when it is oneself) the shell's profile. */
function useUserInvalidation() {
  const client = useQueryClient();
  return (id?: number) => {
    void client.invalidateQueries({ queryKey: userKeys.all });
    void client.invalidateQueries({ queryKey: userKeys.profile });
    void client.invalidateQueries({ queryKey: queryKeys.profile });
    if (id !== undefined) void client.invalidateQueries({ queryKey: userKeys.audit(id) });
  };
}

export function useSaveUser() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateUserBody | UpdateUserBody }) =>
      unwrap(id === null ? api.post<UserDetail>('users', body) : api.put<UserDetail>(`users/${id}`, body)),
    onSuccess: (user) => invalidate(user.id),
  });
}

export function useSetUserStatus() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      unwrap(api.post<UserDetail>(`users/${id}/status`, { enabled })),
    onSuccess: (user) => invalidate(user.id),
  });
}

export function useResetUserPassword() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: ({
      id,
      password,
      password_confirmation,
    }: {
      id: number;
      password: string;
      password_confirmation: string;
    }) => unwrap(api.post<null>(`users/${id}/password`, { password, password_confirmation })),
    onSuccess: (_data, variables) => invalidate(variables.id),
  });
}

export function useUploadUserAvatar() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      unwrap(api.upload<UserDetail>(`users/${id}/avatar`, file)),
    onSuccess: (user) => invalidate(user.id),
  });
}

/** The signed-in user's own profile (GET /profile). */
export function useOwnProfile() {
  return useQuery({
    queryKey: userKeys.profile,
    queryFn: () => unwrap(api.get<UserDetail>('profile')),
  });
}

export function useUpdateOwnProfile() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => unwrap(api.put<UserDetail>('profile', body)),
    onSuccess: (user) => invalidate(user.id),
  });
}

export function useUploadOwnAvatar() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (file: File) => unwrap(api.upload<UserDetail>('profile/avatar', file)),
    onSuccess: (user) => invalidate(user.id),
  });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; password: string; password_confirmation: string }) =>
      unwrap(api.post<null>('profile/password', body)),
  });
}
