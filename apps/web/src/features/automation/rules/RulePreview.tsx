import { type ConditionGroup, rulePreviewBodySchema } from '@atiende/contracts';
import PreviewOutlinedIcon from '@mui/icons-material/PreviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiFeedback } from '../../../ui/useApiFeedback';
import type { FieldErrors } from '../../../ui/useFormErrors';
import { issuesToErrors } from '../../../ui/validation';
import { type RulePreview as PreviewResult, usePreviewRule } from '../api';

/**
 * "Preview": how many of the campaign's open tickets the conditions match now. The answer stays on screen while
 * the campaign and the conditions are the ones it was asked for.
 */
export function RulePreview({
  campaignId,
  conditions,
  onErrors,
}: {
  campaignId: number | '';
  conditions: ConditionGroup;
  /** Shows the problems of the conditions (client or server) at their fields. */
  onErrors: (errors: FieldErrors) => void;
}) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const preview = usePreviewRule();
  const [answer, setAnswer] = useState<{ key: string; result: PreviewResult } | null>(null);
  const requestKey = JSON.stringify([campaignId, conditions]);
  const result = answer?.key === requestKey ? answer.result : null;

  const run = () => {
    const body = { campaignId: campaignId === '' ? null : campaignId, conditions };
    const parsed = rulePreviewBodySchema.safeParse(body);
    if (!parsed.success) {
      onErrors(issuesToErrors(parsed.error.issues, t));
      return;
    }
    preview.mutate(
      { campaignId: parsed.data.campaignId, conditions },
      {
        onSuccess: (value) => setAnswer({ key: requestKey, result: value }),
        onError: (error) => feedback.failure(error, onErrors),
      },
    );
  };

  const count = result ? result.count.toLocaleString(i18n.language) : '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
      <Button
        variant="outlined"
        startIcon={preview.isPending ? <CircularProgress size={16} /> : <PreviewOutlinedIcon />}
        disabled={preview.isPending || campaignId === ''}
        onClick={run}
        data-testid="rule-preview"
      >
        {t('automation.preview.button')}
      </Button>
      <Typography
        variant="body2"
        role="status"
        aria-live="polite"
        sx={{ color: result ? 'text.primary' : 'text.secondary', fontWeight: result ? 600 : 400 }}
        data-testid="rule-preview-result"
        data-count={result?.count}
        data-capped={result?.capped}
      >
        {campaignId === ''
          ? t('automation.preview.needsCampaign')
          : result
            ? result.capped
              ? t('automation.preview.capped', { count: result.count, shown: count })
              : t('automation.preview.result', { count: result.count, shown: count })
            : t('automation.preview.hint')}
      </Typography>
    </Box>
  );
}
