import './i18n';
import type { WhatsappTemplateStatus } from '@atiende/contracts';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PhoneIcon from '@mui/icons-material/Phone';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type BubbleContent, type ButtonKind, bodyParts, STATUS_COLORS } from './model';

const STATUS_ICONS = { pending: HourglassTopIcon, approved: CheckCircleIcon, rejected: CancelIcon } as const;

/** Meta's review status as a coloured chip (pending warning, approved success, rejected error). */
export function WhatsappTemplateStatusChip({ status, testId }: { status: WhatsappTemplateStatus; testId?: string }) {
  const { t } = useTranslation();
  const Icon = STATUS_ICONS[status];
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      icon={<Icon fontSize="small" />}
      label={t(`whatsappTemplates.statuses.${status}`)}
      data-testid={testId}
      data-status={status}
    />
  );
}

/** WhatsApp's own colours, so the preview reads as the customer's chat in either mode. */
const chat = (theme: Theme) => {
  const dark = theme.palette.mode === 'dark';
  return {
    wallpaper: dark ? '#0b141a' : '#efeae2',
    bubble: dark ? '#202c33' : '#ffffff',
    text: dark ? '#e9edef' : '#111b21',
    muted: dark ? '#8696a0' : '#667781',
    divider: dark ? '#2f3b43' : '#e9edef',
    link: dark ? '#53bdeb' : '#027eb5',
  };
};

const BUTTON_ICONS: Record<ButtonKind, typeof ReplyIcon> = {
  url: OpenInNewIcon,
  phone: PhoneIcon,
  quickReply: ReplyIcon,
};

/**
 * A template as the customer sees it in WhatsApp: a message bubble (bold header, body with the values in place of
 * the variables, grey footer) with its buttons below. Variables without a value stay as `{{n}}`, marked.
 */
export function WhatsappBubble({ content, testId }: { content: BubbleContent; testId?: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => bodyParts(content.body, content.values), [content.body, content.values]);
  const buttons = content.buttons.filter((button) => button.text.trim());
  return (
    <Box
      role="figure"
      aria-label={t('whatsappTemplates.preview.label')}
      data-testid={testId}
      sx={(theme) => ({
        bgcolor: chat(theme).wallpaper,
        borderRadius: 2,
        p: 2,
        minHeight: 140,
        display: 'flex',
        flexDirection: 'column',
        // The business writes to the customer: in the customer's chat its messages come in at the start side.
        alignItems: 'flex-start',
      })}
    >
      <Box
        sx={(theme) => ({
          width: 'fit-content',
          minWidth: 180,
          maxWidth: 'min(100%, 360px)',
          bgcolor: chat(theme).bubble,
          color: chat(theme).text,
          borderRadius: 2,
          borderStartStartRadius: 0,
          boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
          overflow: 'hidden',
        })}
      >
        <Box sx={{ px: 1.25, pt: 1, pb: 0.75 }} dir="auto">
          {content.header?.trim() ? (
            <Typography
              component="p"
              data-testid={testId ? `${testId}-header` : undefined}
              sx={{ fontWeight: 700, fontSize: 15, mb: 0.5, overflowWrap: 'anywhere' }}
            >
              {content.header}
            </Typography>
          ) : null}
          <Typography
            component="p"
            data-testid={testId ? `${testId}-body` : undefined}
            sx={(theme) => ({
              fontSize: 14.2,
              lineHeight: 1.45,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              color: content.body.trim() ? 'inherit' : chat(theme).muted,
              fontStyle: content.body.trim() ? 'normal' : 'italic',
            })}
          >
            {content.body.trim()
              ? parts.map((part, index) =>
                  part.kind === 'text' ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are rebuilt from the text on every change.
                    <span key={index}>{part.text}</span>
                  ) : (
                    <Box
                      // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                      key={index}
                      component="mark"
                      data-variable={part.number}
                      sx={(theme) => ({
                        color: 'inherit',
                        borderRadius: 0.5,
                        px: 0.25,
                        bgcolor: part.filled
                          ? alpha(theme.palette.success.main, theme.palette.mode === 'dark' ? 0.22 : 0.14)
                          : alpha(theme.palette.warning.main, theme.palette.mode === 'dark' ? 0.3 : 0.22),
                      })}
                    >
                      {part.text}
                    </Box>
                  ),
                )
              : t('whatsappTemplates.preview.empty')}
          </Typography>
          {content.footer?.trim() ? (
            <Typography
              component="p"
              data-testid={testId ? `${testId}-footer` : undefined}
              sx={(theme) => ({ fontSize: 13, color: chat(theme).muted, mt: 0.5, overflowWrap: 'anywhere' })}
            >
              {content.footer}
            </Typography>
          ) : null}
        </Box>
        {buttons.map((button, index) => {
          const Icon = BUTTON_ICONS[button.kind];
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their order is their identity.
              key={index}
              data-testid={testId ? `${testId}-button-${index}` : undefined}
              sx={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 0.75,
                px: 1.25,
                py: 1,
                borderTop: `1px solid ${chat(theme).divider}`,
                color: chat(theme).link,
                fontSize: 14,
                fontWeight: 500,
                overflowWrap: 'anywhere',
                textAlign: 'center',
              })}
            >
              <Icon
                sx={{
                  fontSize: 18,
                  // Arrows follow the reading direction; the phone is not directional.
                  transform: (theme) =>
                    theme.direction === 'rtl' && button.kind !== 'phone' ? 'scaleX(-1)' : undefined,
                }}
              />
              <bdi>{button.text}</bdi>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
