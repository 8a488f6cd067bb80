import { api } from '../api/client';
import { queryClient } from './providers';
import { router } from './router';
import { clearSession } from './session';

/** Ends the session on the server (best effort), forgets it locally and goes to /login. */
export async function logout(options: { callServer?: boolean } = {}): Promise<void> {
  if (options.callServer !== false) await api.post('logout', undefined, { ignoreUnauthorized: true });
  clearSession();
  queryClient.removeQueries({ queryKey: ['usuario'] });
  await router.navigate('/login', { replace: true });
}
