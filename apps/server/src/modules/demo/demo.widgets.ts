import type { Executor } from '../../platform/db/client.js';
import { randomToken } from '../../platform/security.js';
import { widgetsRepo } from '../widgets/widgets.repo.js';
import { DEMO_AFTER_HOURS_NAME, DEMO_WEBCHAT_NAME } from './demo.structure.js';

export const DEMO_WIDGET_NAME = 'Widget del sitio';
/** The second demo widget: only the out-of-hours web chat, on the sample page /demo/after-hours. */
export const DEMO_AFTER_HOURS_WIDGET_NAME = 'Widget fuera de horario';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1'];

/**
 * The origins the demo site is reached at: the server's own, and on this machine both names of the loopback
 * address (a newcomer may open http://localhost:3000/demo/site or http://127.0.0.1:3000/demo/site).
 */
export function demoSiteOrigins(publicUrl: string): string[] {
  const own = new URL(publicUrl);
  if (!LOOPBACK_NAMES.includes(own.hostname)) return [own.origin];
  return LOOPBACK_NAMES.map((name) => {
    const variant = new URL(own.origin);
    variant.hostname = name;
    return variant.origin;
  });
}

/**
 * The demo's omni widget: web chat, WhatsApp and e-mail buttons, floating at the bottom right, allowed on the
 * server's own origin(s) so the sample site at /demo/site works. Created once; a demo widget made before it allowed
 * both loopback names gets the missing one. After changing PUBLIC_URL, update its allowed sites in Omni widgets.
 */
export async function seedDemoWidgets(tx: Executor, publicUrl: string): Promise<void> {
  const origins = demoSiteOrigins(publicUrl);
  await seedAfterHoursWidget(tx, origins);
  const existing = await widgetsRepo.findByName(tx, DEMO_WIDGET_NAME);
  if (existing) {
    const missing = origins.filter((origin) => !existing.allowedOrigins.includes(origin));
    const servesThisServer = existing.allowedOrigins.some((origin) => origins.includes(origin));
    if (servesThisServer && missing.length > 0) {
      await widgetsRepo.update(tx, existing.id, { allowedOrigins: [...existing.allowedOrigins, ...missing] });
    }
    return;
  }
  const channels = await widgetsRepo.channelIdsByType(tx, ['webchat', 'whatsapp', 'email']);
  const first = (type: string) =>
    (
      channels.find((channel) => channel.type === type && channel.name === DEMO_WEBCHAT_NAME) ??
      channels.find((channel) => channel.type === type)
    )?.id;
  const channelIds = [first('webchat'), first('whatsapp'), first('email')].filter((id): id is number => !!id);
  if (channelIds.length === 0) return;
  const id = await widgetsRepo.insert(tx, {
    name: DEMO_WIDGET_NAME,
    enabled: true,
    publicKey: randomToken(18),
    allowedOrigins: origins,
    style: 'floating',
    title: '¿Hablamos?',
    subtitle: 'Escríbanos por el canal que prefiera',
    position: 'bottom-right',
    primaryColor: '#d32f2f',
    iconType: 'default',
  });
  await widgetsRepo.replaceChannels(tx, id, channelIds);
}

/** The out-of-hours demo: a widget whose only button is the web chat that is never within its business hours. */
async function seedAfterHoursWidget(tx: Executor, origins: string[]): Promise<void> {
  if (await widgetsRepo.findByName(tx, DEMO_AFTER_HOURS_WIDGET_NAME)) return;
  const channel = (await widgetsRepo.channelIdsByType(tx, ['webchat'])).find(
    (candidate) => candidate.name === DEMO_AFTER_HOURS_NAME,
  );
  if (!channel) return;
  const id = await widgetsRepo.insert(tx, {
    name: DEMO_AFTER_HOURS_WIDGET_NAME,
    enabled: true,
    publicKey: randomToken(18),
    allowedOrigins: origins,
    style: 'floating',
    title: 'Fuera de horario',
    subtitle: 'Déjenos su mensaje y le respondemos al abrir',
    position: 'bottom-right',
    primaryColor: '#455a64',
    iconType: 'default',
  });
  await widgetsRepo.replaceChannels(tx, id, [channel.id]);
}
