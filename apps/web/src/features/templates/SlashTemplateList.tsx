import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OfferedTemplate } from './api';

/**
 * The templates offered while the agent types `/name` in a composer: the matches, the first one taken by Enter
 * (the composer handles the key), any one by a click.
 */
export function SlashTemplateList({
  templates,
  loading,
  onPick,
}: {
  templates: readonly OfferedTemplate[];
  loading: boolean;
  onPick: (template: OfferedTemplate) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ mt: 0.5, maxHeight: 260, overflowY: 'auto' }} data-testid="slash-templates">
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', px: 1.5, pt: 1 }}>
        {t('templates.picker.slashHint')}
      </Typography>
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={20} />
        </Box>
      ) : templates.length === 0 ? (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', px: 1.5, pb: 1.5 }}
          data-testid="slash-templates-empty"
        >
          {t('templates.picker.noMatch')}
        </Typography>
      ) : (
        <List dense role="listbox" aria-label={t('templates.picker.title')}>
          {templates.map((template, index) => (
            <ListItemButton
              key={template.id}
              role="option"
              aria-selected={index === 0}
              selected={index === 0}
              onClick={() => onPick(template)}
              data-testid={`slash-template-${template.id}`}
            >
              <ListItemText
                primary={template.name}
                secondary={template.filled}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
