import type { KbArticleStatus, KbAudience, KbDeleted, KbHighlight } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { audienceLabelKey, highlightRuns, statusLabelKey } from './model';

/** A highlighted piece of a search hit: matched runs in `<mark>`, everything as text (never HTML). */
export function Highlighted({ parts, testId }: { parts: KbHighlight; testId?: string }) {
  return (
    <Box component="span" data-testid={testId} dir="auto">
      {highlightRuns(parts).map((run, index) =>
        run.match ? (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the runs are rebuilt from the hit each render.
            key={index}
            component="mark"
            sx={(theme) => ({
              color: 'inherit',
              bgcolor: alpha(theme.palette.warning.main, theme.palette.mode === 'dark' ? 0.4 : 0.3),
              borderRadius: 0.5,
              px: 0.25,
            })}
          >
            {run.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{run.text}</span>
        ),
      )}
    </Box>
  );
}

/** Who a section is shown to. */
export function AudienceChips({ audiences, testId }: { audiences: readonly KbAudience[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid={testId}>
      {audiences.map((audience) => (
        <Chip
          key={audience}
          size="small"
          variant="outlined"
          color={audience === 'public' ? 'success' : 'default'}
          label={t(audienceLabelKey(audience))}
          data-audience={audience}
        />
      ))}
    </Box>
  );
}

export function StatusChip({ status, testId }: { status: KbArticleStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'published' ? 'success' : 'default'}
      variant={status === 'published' ? 'filled' : 'outlined'}
      label={t(statusLabelKey(status))}
      data-testid={testId}
      data-status={status}
    />
  );
}

export function LabelChips({ labels }: { labels: readonly string[] }) {
  if (labels.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {labels.map((label) => (
        <Chip key={label} size="small" variant="outlined" color="primary" label={label} />
      ))}
    </Box>
  );
}

/** "3 secciones y 12 artículos" (the counts of what a delete takes with it). */
export function countsText(t: TFunction, counts: KbDeleted): string {
  return t('knowledgeBase.counts.both', {
    sections: t('knowledgeBase.counts.sections', { count: counts.sections }),
    articles: t('knowledgeBase.counts.articles', { count: counts.articles }),
  });
}

/**
 * The confirmation of deleting a category (with its sections and articles) or a section (with its articles): says
 * it is irreversible and what goes with it.
 */
export function KbDeleteDialog({
  target,
  onConfirm,
  onCancel,
}: {
  target:
    | { kind: 'category'; name: string; sections: number; articles: number }
    | { kind: 'section'; name: string; articles: number }
    | { kind: 'article'; name: string }
    | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const message = !target
    ? ''
    : target.kind === 'category'
      ? t('knowledgeBase.category.deleteMessage', {
          name: target.name,
          what: countsText(t, { sections: target.sections, articles: target.articles }),
        })
      : target.kind === 'section'
        ? t('knowledgeBase.section.deleteMessage', {
            name: target.name,
            what: t('knowledgeBase.counts.articles', { count: target.articles }),
          })
        : t('knowledgeBase.article.deleteMessage', { name: target.name });
  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? t(`knowledgeBase.${target.kind}.deleteTitle`) : ''}
      message={message}
      confirmLabel={t('knowledgeBase.delete')}
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
