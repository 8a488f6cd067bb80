import type { Executor } from '../../platform/db/client.js';
import { randomToken } from '../../platform/security.js';
import { widgetsRepo } from '../widgets/widgets.repo.js';

export const DEMO_WIDGET_NAME = 'Widget del sitio';

/**
 * The demo's omni widget: web chat, WhatsApp and e-mail buttons, floating at the bottom right, allowed on the
 * server's own origin so the sample site at /demo/site works. Created once: after changing PUBLIC_URL, update the
 * widget's allowed origin in Omni widgets.
 */
export async function seedDemoWidgets(tx: Executor, publicUrl: string): Promise<void> {
  if (await widgetsRepo.findByName(tx, DEMO_WIDGET_NAME)) return;
  const channels = await widgetsRepo.channelIdsByType(tx, ['webchat', 'whatsapp', 'email']);
  const first = (type: string) => channels.find((channel) => channel.type === type)?.id;
  const channelIds = [first('webchat'), first('whatsapp'), first('email')].filter((id): id is number => !!id);
  if (channelIds.length === 0) return;
  const id = await widgetsRepo.insert(tx, {
    name: DEMO_WIDGET_NAME,
    enabled: true,
    publicKey: randomToken(18),
    allowedOrigin: new URL(publicUrl).origin,
    style: 'floating',
    title: '¿Hablamos?',
    subtitle: 'Escríbanos por el canal que prefiera',
    position: 'bottom-right',
    primaryColor: '#d32f2f',
    iconType: 'default',
  });
  await widgetsRepo.replaceChannels(tx, id, channelIds);
}
