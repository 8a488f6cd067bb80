import './i18n';
import {
  BULK_VARIABLES,
  type BulkFrequency,
  type BulkProgress,
  type BulkStatus,
  type BulkVariable,
  smsSegments,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';
import { Tooltip } from '../../ui/Tooltip';
import { variableLabelKey } from '../templates/model';
import { type BubbleMedia, WhatsappBubble } from '../whatsappTemplates';
import {
  type BulkTemplateOption,
  fillSample,
  sampleTemplateValues,
  unknownBulkVariables,
  variableToken,
} from './model';

const STATUS_COLORS: Record<BulkStatus, 'default' | 'info' | 'primary' | 'warning' | 'success' | 'error'> = {
  created: 'default',
  initialization: 'info',
  running: 'primary',
  paused: 'warning',
  stopped: 'warning',
  finalized: 'success',
  failed: 'error',
};

/** A bulk message's status as a coloured chip. */
export function BulkStatusChip({ status, testId }: { status: BulkStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'created' ? 'outlined' : 'filled'}
      label={t(`bulk.statuses.${status}`)}
      data-testid={testId}
      data-status={status}
    />
  );
}

/** The share of the run tried: a bar and its percent (the bar is named for screen readers). */
export function BulkProgressBar({ percent, testId, dense }: { percent: number; testId?: string; dense?: boolean }) {
  const { t, i18n } = useTranslation();
  const label = t('bulk.progress.percent', { percent: percent.toLocaleString(i18n.language) });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: dense ? 140 : undefined }} data-testid={testId}>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, percent))}
        aria-label={t('bulk.progress.label')}
        aria-valuetext={label}
        sx={{ flexGrow: 1, height: dense ? 6 : 10, borderRadius: 5 }}
      />
      <Typography
        variant={dense ? 'caption' : 'body2'}
        sx={{ minWidth: 40, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {label}
      </Typography>
    </Box>
  );
}

/** The counters of a run, in the order a recipient goes through them. */
export const PROGRESS_COUNTERS = [
  'total',
  'new',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  'replied',
] as const satisfies readonly (keyof BulkProgress)[];

const COUNTER_COLORS: Partial<Record<(typeof PROGRESS_COUNTERS)[number], (theme: Theme) => string>> = {
  delivered: (theme) => theme.palette.success.main,
  read: (theme) => theme.palette.success.main,
  failed: (theme) => theme.palette.error.main,
  skipped: (theme) => theme.palette.warning.main,
  replied: (theme) => theme.palette.info.main,
};

export function ProgressCounters({ progress }: { progress: BulkProgress }) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="dl"
      data-testid="bulk-counters"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 1, m: 0 }}
    >
      {PROGRESS_COUNTERS.map((key) => (
        <Paper
          key={key}
          variant="outlined"
          sx={(theme) => ({
            p: 1,
            borderInlineStart: COUNTER_COLORS[key] ? `4px solid ${COUNTER_COLORS[key]?.(theme)}` : undefined,
          })}
        >
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {t(`bulk.counters.${key}`)}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
            data-testid={`bulk-count-${key}`}
          >
            {progress[key].toLocaleString(i18n.language)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** How often it runs, in words. */
export function frequencyText(frequency: BulkFrequency, t: TFunction, locale: string): string {
  if (frequency.kind === 'permanent') return t('bulk.frequency.everyHours', { count: frequency.everyHours });
  if (frequency.kind === 'programmed') return t('bulk.frequency.at', { at: formatDateTime(frequency.at, locale) });
  return t('bulk.frequency.once');
}

/** Chips that insert a customer variable in the text being edited (the focus stays in the text). */
export function VariableChips({
  onInsert,
  testId = 'bulk-variable',
}: {
  onInsert: (name: BulkVariable) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="toolbar"
      aria-label={t('bulk.wizard.help.variables')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1 }}
    >
      {BULK_VARIABLES.map((name) => (
        <Tooltip key={name} title={<span dir="ltr">{variableToken(name)}</span>}>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            icon={<AddIcon />}
            label={t(variableLabelKey(name))}
            // Keep the focus (and the selection) in the text while clicking.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(name)}
            data-testid={`${testId}-${name}`}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

/** A warning naming the variables a text uses that do not exist. */
export function UnknownVariables({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const unknown = useMemo(() => unknownBulkVariables(text), [text]);
  if (unknown.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid={testId}>
      {t('bulk.wizard.help.unknown', { names: unknown.join(', ') })}
    </Alert>
  );
}

function PreviewNote() {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75 }}>
      {t('bulk.preview.note')}
    </Typography>
  );
}

/** What the WhatsApp preview needs of a template (a saved bulk message's template has no header file or buttons). */
export type WhatsappPreviewTemplate = Pick<BulkTemplateOption, 'headerText' | 'body' | 'footer'> &
  Partial<Pick<BulkTemplateOption, 'headerType' | 'media' | 'buttons'>>;

/** The header's file for the bubble: fetched through the API with the session (documents show their name). */
function previewMedia(template: WhatsappPreviewTemplate): BubbleMedia | null {
  const headerType = template.headerType;
  if (!headerType || headerType === 'none' || headerType === 'text') return null;
  return {
    kind: headerType === 'document' ? 'document' : headerType,
    filename: template.media?.filename ?? null,
    apiPath: template.media?.url ?? null,
  };
}

/**
 * The WhatsApp template as the customer reads it, its values filled with the sample customer: the header (text,
 * or its image, video or document), the message, the footer and the buttons.
 */
export function WhatsappPreview({ template, values }: { template: WhatsappPreviewTemplate | null; values: string[] }) {
  const { t, i18n } = useTranslation();
  const filled = useMemo(() => sampleTemplateValues(values, i18n.language), [values, i18n.language]);
  if (!template) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="bulk-preview-empty">
        {t('bulk.preview.noTemplate')}
      </Typography>
    );
  }
  return (
    <Box data-testid="bulk-preview" data-channel="whatsapp">
      <WhatsappBubble
        content={{
          header: !template.headerType || template.headerType === 'text' ? template.headerText : null,
          media: previewMedia(template),
          body: template.body,
          footer: template.footer,
          buttons: (template.buttons ?? []).map((button) => ({ text: button.text })),
          values: filled,
        }}
        testId="bulk-preview-whatsapp"
      />
      <PreviewNote />
    </Box>
  );
}

/** The SMS as the phone shows it, with how many messages (segments) it takes. */
export function SmsPreview({ message }: { message: string }) {
  const { t, i18n } = useTranslation();
  const filled = fillSample(message, i18n.language);
  const segments = smsSegments(filled);
  return (
    <Box data-testid="bulk-preview" data-channel="sms">
      <Box
        sx={(theme) => ({
          bgcolor: theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100',
          borderRadius: 3,
          p: 2,
          minHeight: 120,
        })}
      >
        <Box
          dir="auto"
          data-testid="bulk-preview-body"
          sx={(theme) => ({
            width: 'fit-content',
            maxWidth: 'min(100%, 320px)',
            px: 1.5,
            py: 1,
            borderRadius: 4,
            borderEndStartRadius: 4,
            bgcolor: theme.palette.mode === 'dark' ? 'grey.800' : 'background.paper',
            color: 'text.primary',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontSize: 15,
            boxShadow: 1,
          })}
        >
          {filled.trim() ? (
            filled
          ) : (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
              {t('bulk.preview.empty')}
            </Typography>
          )}
        </Box>
      </Box>
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 0.75, fontVariantNumeric: 'tabular-nums' }}
        data-testid="bulk-preview-segments"
        data-segments={segments.segments}
      >
        {t('bulk.preview.segments', {
          count: segments.segments,
          encoding: segments.encoding,
          units: segments.units,
          remaining: segments.remaining,
        })}
      </Typography>
      <PreviewNote />
    </Box>
  );
}

/** The e-mail as it arrives: the subject, then the text. */
export function EmailPreview({ subject, message }: { subject: string; message: string }) {
  const { t, i18n } = useTranslation();
  const filledSubject = fillSample(subject, i18n.language);
  const filled = fillSample(message, i18n.language);
  return (
    <Box data-testid="bulk-preview" data-channel="email">
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          sx={(theme) => ({
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.12 : 0.05),
          })}
        >
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('bulk.fields.subject')}
          </Typography>
          <Typography
            variant="subtitle1"
            dir="auto"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            data-testid="bulk-preview-subject"
          >
            {filledSubject.trim() || '—'}
          </Typography>
        </Box>
        <Box
          dir="auto"
          data-testid="bulk-preview-body"
          sx={{ px: 2, py: 1.5, minHeight: 100, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {filled.trim() ? (
            filled
          ) : (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
              {t('bulk.preview.empty')}
            </Typography>
          )}
        </Box>
      </Paper>
      <PreviewNote />
    </Box>
  );
}
