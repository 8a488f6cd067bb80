import { CHANNEL_TYPE_CODES, CHANNEL_TYPE_KEYS, type PendingTicketItem, taskDue } from '@atiende/contracts';
import EventIcon from '@mui/icons-material/Event';
import ReplyIcon from '@mui/icons-material/Reply';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { Tooltip } from '../../ui/Tooltip';
import type { VirtualItemProps } from '../../ui/VirtualList';
import { PriorityChip, StatusChip } from '../tickets/components';
import { formatShortTime } from './model';

const CHANNEL_KEY_BY_CODE = new Map<number, string>(CHANNEL_TYPE_KEYS.map((key) => [CHANNEL_TYPE_CODES[key], key]));

/** The channel type's icon by its code (1-12); a generic chat icon when unknown. */
export function ChannelCodeIcon({ code, fontSize = 'small' }: { code: number | null; fontSize?: 'small' | 'inherit' }) {
  return <ChannelTypeIcon type={code ? (CHANNEL_KEY_BY_CODE.get(code) ?? '') : ''} fontSize={fontSize} />;
}

/** One pending ticket: customer, sender and preview, channel, status, priority, SLA, received and next task. */
export function PendingItem({
  item,
  me,
  onOpen,
  listItemProps,
}: {
  item: PendingTicketItem;
  /** The signed-in user: their own name is not repeated as the assignee. */
  me: number | null;
  onOpen: (item: PendingTicketItem) => void;
  /** Spread on the `<li>` (a virtual list's measuring ref and position). */
  listItemProps?: VirtualItemProps;
}) {
  const { t, i18n } = useTranslation();
  const unread = item.estado_lectura === 0;
  const slaMissed = item.cumplio_sla === 0;
  const due = taskDue(item.fecha_proxima_gestion);
  const channelName = item.tipo_canal_id
    ? t(`channelTypes.${CHANNEL_KEY_BY_CODE.get(item.tipo_canal_id) ?? 'webchat'}`)
    : '';
  return (
    <Box component="li" {...listItemProps} sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <ButtonBase
        onClick={() => onOpen(item)}
        data-testid={`pending-item-${item.caso_id}`}
        data-unread={unread ? 'true' : 'false'}
        aria-label={t('desk.pending.open', { customer: item.cliente })}
        sx={{
          width: '100%',
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.5,
          px: 2,
          py: 1.25,
          textAlign: 'start',
          bgcolor: (theme) => (unread ? alpha(theme.palette.primary.main, 0.07) : 'transparent'),
          borderInlineStart: 4,
          borderInlineStartColor: unread ? 'primary.main' : 'transparent',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Tooltip title={channelName}>
          <Avatar
            sx={{
              width: 36,
              height: 36,
              mt: 0.25,
              bgcolor: unread ? 'primary.main' : 'action.selected',
              color: unread ? 'primary.contrastText' : 'text.secondary',
            }}
            role={channelName ? 'img' : undefined}
            aria-label={channelName || undefined}
          >
            <ChannelCodeIcon code={item.tipo_canal_id} />
          </Avatar>
        </Tooltip>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography
              variant="body2"
              noWrap
              sx={{ flexGrow: 1, minWidth: 0, fontWeight: unread ? 800 : 600 }}
              data-testid="pending-item-customer"
            >
              {item.cliente}
            </Typography>
            <Tooltip title={t('desk.pending.received')}>
              <Typography
                component="time"
                variant="caption"
                dir="auto"
                dateTime={item.fecha_recibido}
                sx={{
                  flexShrink: 0,
                  color: unread ? 'primary.main' : 'text.secondary',
                  fontWeight: unread ? 700 : 400,
                }}
              >
                {formatShortTime(item.fecha_recibido, i18n.language)}
              </Typography>
            </Tooltip>
            {unread ? (
              <Box
                component="span"
                role="img"
                aria-label={t('desk.pending.unread')}
                sx={{
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  flexShrink: 0,
                  alignSelf: 'center',
                }}
              />
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, color: 'text.secondary', minWidth: 0 }}>
            {item.tipo === 1 ? (
              <Tooltip title={t('desk.pending.outgoing')}>
                <ReplyIcon sx={{ fontSize: 16, mt: '2px', flexShrink: 0 }} aria-label={t('desk.pending.outgoing')} />
              </Tooltip>
            ) : null}
            <Typography
              component="div"
              variant="body2"
              dir="auto"
              sx={{
                minWidth: 0,
                overflow: 'hidden',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflowWrap: 'anywhere',
                color: unread ? 'text.primary' : 'text.secondary',
                '& p': { m: 0, display: 'inline' },
                '& br': { display: 'none' },
              }}
            >
              {item.remitente && item.remitente !== item.cliente ? (
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {item.remitente}:{' '}
                </Box>
              ) : null}
              <Box
                component="span"
                data-testid="pending-item-preview"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: contenido is escaped and sanitised by the server (the spec's HTML preview).
                dangerouslySetInnerHTML={{ __html: item.contenido }}
              />
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.75 }}>
            <StatusChip status={item.estado} />
            <PriorityChip priority={item.caso_prioridad} />
            {slaMissed ? (
              <Tooltip title={t('desk.pending.slaMissed')}>
                <Box
                  component="span"
                  role="img"
                  aria-label={t('desk.pending.slaMissed')}
                  data-testid="pending-item-sla-missed"
                  sx={{ display: 'inline-flex', color: 'error.main' }}
                >
                  <TimerOffIcon sx={{ fontSize: 18 }} />
                </Box>
              </Tooltip>
            ) : null}
            {item.fecha_proxima_gestion ? (
              <Tooltip title={t('desk.pending.nextTask')}>
                <Box
                  component="span"
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 0.25,
                    typography: 'caption',
                    color: due === 'late' ? 'error.main' : due === 'upcoming' ? 'warning.main' : 'text.secondary',
                    fontWeight: due ? 700 : 400,
                  }}
                >
                  <EventIcon sx={{ fontSize: 15 }} aria-label={t('desk.pending.nextTask')} />
                  <time dateTime={item.fecha_proxima_gestion} dir="auto">
                    {formatShortTime(item.fecha_proxima_gestion, i18n.language)}
                  </time>
                </Box>
              </Tooltip>
            ) : null}
            {me !== null && item.asignado === me ? null : (
              <Typography
                variant="caption"
                noWrap
                sx={{ color: 'text.secondary', marginInlineStart: 'auto', minWidth: 0, maxWidth: '60%' }}
                data-testid="pending-item-assignee"
              >
                {item.asignado_nombre
                  ? t('desk.pending.assignedTo', { name: item.asignado_nombre })
                  : t('desk.pending.unassigned')}
              </Typography>
            )}
          </Box>
        </Box>
      </ButtonBase>
    </Box>
  );
}
