import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../ui/FormField';
import { RichTextEditor } from '../../../ui/RichTextEditor';
import { Tooltip } from '../../../ui/Tooltip';
import { type CampaignFormState, rowUid } from '../model';
import { Hint, type TabProps } from './shared';

export function ScriptsPanel({ state, set, errors }: TabProps) {
  const { t } = useTranslation();
  const update = (index: number, values: Partial<CampaignFormState['scripts'][number]>) =>
    set((current) => ({
      ...current,
      scripts: current.scripts.map((script, i) => (i === index ? { ...script, ...values } : script)),
    }));
  return (
    <Box>
      <Hint>{t('campaigns.help.scripts')}</Hint>
      {state.scripts.map((script, index) => (
        <Card key={script.uid} variant="outlined" sx={{ mb: 2 }} data-testid={`campaign-script-${index}`}>
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormField
                fullWidth
                label={t('campaigns.scriptTitle')}
                required
                value={script.title}
                onValueChange={(title) => update(index, { title })}
                error={errors[`scripts.${index}.title`]}
                maxLength={120}
                testId={`campaign-script-${index}-title`}
              />
              <Tooltip title={t('campaigns.removeScript')}>
                <IconButton
                  color="error"
                  sx={{ mt: 1.5 }}
                  aria-label={t('campaigns.removeScript')}
                  onClick={() =>
                    set((current) => ({ ...current, scripts: current.scripts.filter((_, i) => i !== index) }))
                  }
                  data-testid={`campaign-script-${index}-remove`}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Box sx={{ mt: 1 }}>
              <RichTextEditor
                label={t('campaigns.scriptBody')}
                value={script.body}
                onChange={(body) => update(index, { body })}
                error={errors[`scripts.${index}.body`]}
                testId={`campaign-script-${index}-body`}
              />
              {errors[`scripts.${index}.body`] ? (
                <FormHelperText error>{errors[`scripts.${index}.body`]}</FormHelperText>
              ) : null}
            </Box>
          </CardContent>
        </Card>
      ))}
      <Button
        startIcon={<AddIcon />}
        variant="outlined"
        onClick={() =>
          set((current) => ({ ...current, scripts: [...current.scripts, { uid: rowUid(), title: '', body: '' }] }))
        }
        data-testid="campaign-script-add"
      >
        {t('campaigns.addScript')}
      </Button>
    </Box>
  );
}
