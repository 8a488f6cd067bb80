import ForumIcon from '@mui/icons-material/Forum';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { cornerOf, originLines, textOn, type WidgetFormState } from './model';

/** The embed script's brand colours (other channel types use the widget's colour). */
const BRAND: Record<string, string> = {
  whatsapp: '#25d366',
  telegram: '#229ed9',
  facebook: '#0084ff',
  instagram: '#c13584',
  twitter: '#111111',
};

interface PreviewProps {
  state: WidgetFormState;
  channels: { id: number; name: string; type: string }[];
  businessImage: string | null;
  iconImage: string | null;
}

/**
 * A live picture of the widget on a website, as the embed script draws it: the floating button with its panel open,
 * or the list of round buttons. Corners are physical (inline styles, so the app's RTL mode does not mirror them).
 */
export function WidgetPreview({ state, channels, businessImage, iconImage }: PreviewProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const color = /^#[0-9a-f]{6}$/i.test(state.primaryColor) ? state.primaryColor : '#d32f2f';
  const onColor = textOn(color);
  const { vertical, horizontal } = cornerOf(state.position);
  const corner: CSSProperties = { [vertical]: 14, [horizontal]: 14 };
  const fromTop = vertical === 'top';
  const colorOf = (type: string) => BRAND[type] ?? color;

  const dot = (type: string, size: number) => (
    <Box
      component="span"
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        flex: 'none',
        boxShadow: 2,
      }}
      style={{ background: colorOf(type) }}
    >
      <ChannelTypeIcon type={type} sx={{ fontSize: size * 0.5 }} />
    </Box>
  );

  const panel = (
    <Box
      data-testid="widget-preview-panel"
      dir={theme.direction}
      sx={{ width: 250, bgcolor: '#fff', color: '#1f2328', borderRadius: 3, overflow: 'hidden', boxShadow: 8 }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.25, p: 1.5 }}
        style={{ background: color, color: onColor }}
      >
        {businessImage ? <Avatar src={businessImage} alt="" sx={{ width: 36, height: 36, bgcolor: '#fff' }} /> : null}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography dir="auto" sx={{ fontWeight: 700, fontSize: 14, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {state.title.trim() || t('widgets.preview.defaultTitle')}
          </Typography>
          <Typography dir="auto" sx={{ fontSize: 12, opacity: 0.9, overflowWrap: 'anywhere' }}>
            {state.subtitle.trim() || t('widgets.preview.defaultSubtitle')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        {channels.length === 0 ? (
          <Typography variant="caption" sx={{ color: '#6a7179', p: 1 }}>
            {t('widgets.preview.empty')}
          </Typography>
        ) : (
          channels.map((channel) => (
            <Box
              key={channel.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 0.75,
                border: '1px solid #e6e8eb',
                borderRadius: 2,
                fontWeight: 600,
                fontSize: 13,
              }}
            >
              {dot(channel.type, 30)}
              <span>{channel.type === 'webchat' ? t('widgets.preview.chat') : t(`channelTypes.${channel.type}`)}</span>
            </Box>
          ))
        )}
      </Box>
    </Box>
  );

  const launcher = (
    <Box
      sx={{
        width: 52,
        height: 52,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        boxShadow: 6,
        overflow: 'hidden',
      }}
      style={{ background: color, color: onColor }}
    >
      {state.iconType === 'image' && iconImage ? (
        <Box component="img" src={iconImage} alt="" sx={{ width: 52, height: 52, objectFit: 'cover' }} />
      ) : (
        <ForumIcon />
      )}
    </Box>
  );

  const list = (
    <Box sx={{ display: 'flex', flexDirection: fromTop ? 'column-reverse' : 'column', gap: 1 }}>
      {channels.map((channel) => (
        <Box key={channel.id} title={channel.name}>
          {dot(channel.type, 44)}
        </Box>
      ))}
    </Box>
  );

  return (
    <Box
      data-testid="widget-preview"
      data-style={state.style}
      data-position={state.position}
      sx={{
        position: 'relative',
        height: 420,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100'),
        opacity: state.enabled ? 1 : 0.55,
      }}
    >
      <Box
        sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1 }}
      >
        {['#ff5f57', '#febc2e', '#28c840'].map((dotColor) => (
          <Box key={dotColor} sx={{ width: 10, height: 10, borderRadius: '50%' }} style={{ background: dotColor }} />
        ))}
        <Typography variant="caption" dir="ltr" sx={{ color: 'text.secondary', ms: 1, overflowWrap: 'anywhere' }}>
          {originLines(state.allowedOrigins)[0] ?? t('widgets.preview.site')}
        </Typography>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {[70, 90, 55, 80].map((width) => (
          <Box
            key={width}
            sx={{ height: 10, borderRadius: 1, bgcolor: 'action.hover' }}
            style={{ width: `${width}%` }}
          />
        ))}
      </Box>
      <Box
        dir="ltr"
        sx={{
          position: 'absolute',
          display: 'flex',
          flexDirection: fromTop ? 'column-reverse' : 'column',
          alignItems: horizontal === 'right' ? 'flex-end' : 'flex-start',
          gap: 1.25,
        }}
        style={corner}
      >
        {state.style === 'floating' ? (
          <>
            {panel}
            {launcher}
          </>
        ) : (
          list
        )}
      </Box>
      {state.enabled ? null : (
        <Typography
          variant="caption"
          sx={{ position: 'absolute', insetInlineStart: 12, bottom: 8, color: 'text.secondary', maxWidth: '50%' }}
        >
          {t('widgets.preview.disabled')}
        </Typography>
      )}
    </Box>
  );
}
