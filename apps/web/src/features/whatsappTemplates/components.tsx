import './i18n';
import type { WhatsappTemplateStatus, WhatsappTemplateType } from '@atiende/contracts';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DescriptionIcon from '@mui/icons-material/Description';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ImageIcon from '@mui/icons-material/Image';
import MovieIcon from '@mui/icons-material/Movie';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PhoneIcon from '@mui/icons-material/Phone';
import ReplyIcon from '@mui/icons-material/Reply';
import TimerIcon from '@mui/icons-material/Timer';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../api/useApiFileUrl';
import {
  type BubbleContent,
  type BubbleList,
  type BubbleMedia,
  type BubbleMediaKind,
  type ButtonKind,
  bodyParts,
  STATUS_COLORS,
} from './model';

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

/** The template's type as a small chip (a Meta template, or a chat type sent only inside the 24-hour window). */
export function WhatsappTemplateTypeChip({ type, testId }: { type: WhatsappTemplateType; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={type === 'template' ? 'primary' : 'default'}
      label={t(`whatsappTemplates.types.${type}`)}
      data-testid={testId}
      data-type={type}
    />
  );
}

/** "Only within the 24-hour window": the chat types, which Meta does not review. */
export function SessionOnlyChip({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="info"
      variant="outlined"
      icon={<TimerIcon fontSize="small" />}
      label={t('whatsappTemplates.sessionOnly')}
      data-testid={testId}
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

const MEDIA_ICONS: Record<BubbleMediaKind, typeof ImageIcon> = {
  image: ImageIcon,
  video: MovieIcon,
  audio: AudioFileIcon,
  document: DescriptionIcon,
};

/** The bubble's file: the image or video itself (fetched with the session when it is the API's), else its name. */
function BubbleMediaView({ media, testId }: { media: BubbleMedia; testId?: string }) {
  const { t } = useTranslation();
  const showable = media.kind !== 'document';
  const fetched = useApiFileUrl(showable && !media.src ? media.apiPath : null);
  const src = media.src ?? fetched.url;
  const Icon = MEDIA_ICONS[media.kind];
  const name = media.filename ?? t(`whatsappTemplates.preview.noFile.${media.kind}`);
  const placeholder = (
    <Box
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.25,
        borderRadius: 1.5,
        bgcolor: chat(theme).divider,
        color: chat(theme).text,
        minHeight: media.kind === 'document' ? 0 : 96,
        justifyContent: media.kind === 'document' ? 'flex-start' : 'center',
        flexDirection: media.kind === 'document' ? 'row' : 'column',
      })}
    >
      {fetched.loading ? (
        <CircularProgress size={20} />
      ) : (
        <Icon sx={{ fontSize: media.kind === 'document' ? 28 : 36 }} />
      )}
      <Typography
        component="span"
        dir="auto"
        sx={(theme) => ({
          fontSize: 13,
          overflowWrap: 'anywhere',
          color: media.filename ? 'inherit' : chat(theme).muted,
          fontStyle: media.filename ? 'normal' : 'italic',
        })}
      >
        {name}
      </Typography>
    </Box>
  );
  let shown = placeholder;
  if (src && media.kind === 'image') {
    shown = (
      <Box
        component="img"
        src={src}
        alt={media.filename ?? ''}
        sx={{ display: 'block', width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 1.5 }}
      />
    );
  } else if (src && media.kind === 'video') {
    shown = (
      <Box
        component="video"
        src={src}
        controls
        preload="metadata"
        aria-label={media.filename ?? t('whatsappTemplates.mediaTypes.video')}
        sx={{ display: 'block', width: '100%', maxHeight: 240, borderRadius: 1.5, bgcolor: '#000' }}
      />
    );
  } else if (src && media.kind === 'audio') {
    shown = (
      <Box
        component="audio"
        src={src}
        controls
        preload="metadata"
        aria-label={media.filename ?? t('whatsappTemplates.mediaTypes.audio')}
        sx={{ display: 'block', width: '100%', minWidth: 220 }}
      />
    );
  }
  return (
    <Box
      sx={{ px: 0.5, pt: 0.5 }}
      data-testid={testId ? `${testId}-media` : undefined}
      data-kind={media.kind}
      data-loaded={src ? 'true' : 'false'}
    >
      {shown}
    </Box>
  );
}

/** A button under the bubble (a template's button, the list's opener), as WhatsApp draws them. */
function bubbleButtonSx(theme: Theme) {
  return {
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
  } as const;
}

/** An interactive list as WhatsApp shows it: a button under the message that opens its sections and options. */
function BubbleListView({ list, testId }: { list: BubbleList; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const label = list.button.trim() || t('whatsappTemplates.preview.listButton');
  return (
    <>
      <ButtonBase
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid={testId ? `${testId}-list-button` : undefined}
        sx={(theme) => ({ ...bubbleButtonSx(theme), width: '100%', fontFamily: 'inherit' })}
      >
        <FormatListBulletedIcon sx={{ fontSize: 18 }} />
        <bdi>{label}</bdi>
      </ButtonBase>
      <Box
        id={panelId}
        hidden={!open}
        data-testid={testId ? `${testId}-list` : undefined}
        sx={(theme) => ({ borderTop: `1px solid ${chat(theme).divider}`, px: 1.25, py: 0.75 })}
      >
        {list.sections.map((section, sectionIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is their identity.
          <Box key={sectionIndex} sx={{ '& + &': { mt: 1 } }}>
            {section.title.trim() ? (
              <Typography
                component="p"
                dir="auto"
                sx={(theme) => ({
                  fontSize: 12.5,
                  fontWeight: 600,
                  color: chat(theme).muted,
                  textTransform: 'uppercase',
                })}
              >
                {section.title}
              </Typography>
            ) : null}
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {section.options
                .filter((option) => option.title.trim())
                .map((option, optionIndex) => (
                  <Box
                    component="li"
                    // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their order is their identity.
                    key={optionIndex}
                    dir="auto"
                    sx={(theme) => ({ py: 0.5, '& + &': { borderTop: `1px solid ${chat(theme).divider}` } })}
                  >
                    <Typography component="span" sx={{ display: 'block', fontSize: 14, overflowWrap: 'anywhere' }}>
                      {option.title}
                    </Typography>
                    {option.description.trim() ? (
                      <Typography
                        component="span"
                        sx={(theme) => ({
                          display: 'block',
                          fontSize: 12.5,
                          color: chat(theme).muted,
                          overflowWrap: 'anywhere',
                        })}
                      >
                        {option.description}
                      </Typography>
                    ) : null}
                  </Box>
                ))}
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}

/**
 * A template as the customer sees it in WhatsApp: a message bubble (the header's file or bold header text, body
 * with the values in place of the variables, grey footer) with its buttons or list below. Variables without a
 * value stay as `{{n}}`, marked. A region named "Preview".
 */
export function WhatsappBubble({ content, testId }: { content: BubbleContent; testId?: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => bodyParts(content.body, content.values), [content.body, content.values]);
  const buttons = content.buttons.filter((button) => button.text.trim());
  const numbered = (content.numbered ?? []).filter((option) => option.trim());
  const hasBody = Boolean(content.body.trim());
  return (
    <Box
      role="region"
      aria-label={t('whatsappTemplates.preview.region')}
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
        {content.media ? <BubbleMediaView media={content.media} testId={testId} /> : null}
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
          {hasBody || !content.bodyOptional ? (
            <Typography
              component="p"
              data-testid={testId ? `${testId}-body` : undefined}
              sx={(theme) => ({
                fontSize: 14.2,
                lineHeight: 1.45,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                color: hasBody ? 'inherit' : chat(theme).muted,
                fontStyle: hasBody ? 'normal' : 'italic',
              })}
            >
              {hasBody
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
          ) : null}
          {numbered.length > 0 ? (
            <Box
              component="ol"
              data-testid={testId ? `${testId}-numbered` : undefined}
              sx={{ m: 0, mt: 0.75, paddingInlineStart: 2.75, fontSize: 14.2, lineHeight: 1.45 }}
            >
              {numbered.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their order is their identity.
                <Box component="li" key={index} sx={{ overflowWrap: 'anywhere' }}>
                  {option}
                </Box>
              ))}
            </Box>
          ) : null}
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
          const Icon = button.kind ? BUTTON_ICONS[button.kind] : null;
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their order is their identity.
              key={index}
              data-testid={testId ? `${testId}-button-${index}` : undefined}
              sx={(theme) => ({ ...bubbleButtonSx(theme), textAlign: 'center' })}
            >
              {Icon ? (
                <Icon
                  sx={{
                    fontSize: 18,
                    // Arrows follow the reading direction; the phone is not directional.
                    transform: (theme) =>
                      theme.direction === 'rtl' && button.kind !== 'phone' ? 'scaleX(-1)' : undefined,
                  }}
                />
              ) : null}
              <bdi>{button.text}</bdi>
            </Box>
          );
        })}
        {content.list ? <BubbleListView list={content.list} testId={testId} /> : null}
      </Box>
    </Box>
  );
}
