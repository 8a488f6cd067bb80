import { api } from '../api/client';
import { clearSession } from '../core/session';
import { navigate } from './navigation';
import { queryClient } from './providers';
import { queryKeys } from './queries';

/** Ends the session on the server (best effort), forgets it locally and goes to /login. */
export async function logout(options: { callServer?: boolean } = {}): Promise<void> {
  if (options.callServer !== false) await api.post('logout', undefined, { ignoreUnauthorized: true });
  clearSession();
  queryClient.removeQueries({ queryKey: queryKeys.user });
  await navigate('/login', { replace: true });
}
