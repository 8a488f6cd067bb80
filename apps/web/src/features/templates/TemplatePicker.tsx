import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import SearchIcon from '@mui/icons-material/Search';
import ShortTextIcon from '@mui/icons-material/ShortText';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OfferedTemplate, useTicketTemplates } from './api';
import { ChannelTypeChip } from './ChannelTypeChip';
import { filterOffered } from './model';

export interface TemplatePickerProps {
  /** The ticket whose templates are offered (`GET tickets/:id/templates`), filled for its customer. */
  ticketId: number;
  /** Receives the chosen template's text with its variables filled. */
  onPick: (filledText: string, template: OfferedTemplate) => void;
  disabled?: boolean;
  size?: ButtonProps['size'];
}

/**
 * A button that opens a searchable list of the templates a ticket may use; choosing one hands its filled text to
 * `onPick` (the composer inserts it). Templates load when the list first opens.
 */
export function TemplatePicker({ ticketId, onPick, disabled, size = 'small' }: TemplatePickerProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const offered = useTicketTemplates(ticketId, opened);
  const shown = useMemo(() => filterOffered(offered.data ?? [], search), [offered.data, search]);
  const listId = useId();
  // The list opens above the button, aligned with its start edge (right in RTL).
  const start = useTheme().direction === 'rtl' ? 'right' : 'left';

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setOpened(true);
  };
  const close = () => {
    setAnchor(null);
    setSearch('');
  };
  const pick = (template: OfferedTemplate) => {
    onPick(template.filled, template);
    close();
  };

  return (
    <>
      <Button
        size={size}
        variant="outlined"
        startIcon={<ShortTextIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={open}
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? listId : undefined}
        data-testid="template-picker"
      >
        {t('templates.picker.button')}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: start }}
        transformOrigin={{ vertical: 'bottom', horizontal: start }}
        slotProps={{ paper: { sx: { width: 420, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box sx={{ p: 1.5, pb: 1 }} data-testid="template-picker-menu">
          <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('templates.picker.title')}
          </Typography>
          <TextField
            autoFocus
            size="small"
            margin="none"
            fullWidth
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && shown[0]) {
                event.preventDefault();
                pick(shown[0]);
              }
            }}
            placeholder={t('templates.picker.search')}
            slotProps={{
              htmlInput: { 'data-testid': 'template-picker-search', 'aria-label': t('templates.picker.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        {offered.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} />
          </Box>
        ) : offered.isError ? (
          <Typography sx={{ color: 'error.main', px: 2, pb: 2 }}>{offered.error.message}</Typography>
        ) : shown.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', px: 2, pb: 2 }} data-testid="template-picker-empty">
            {(offered.data ?? []).length === 0 ? t('templates.picker.empty') : t('templates.picker.noMatch')}
          </Typography>
        ) : (
          <List id={listId} role="listbox" dense sx={{ maxHeight: 360, overflowY: 'auto', pt: 0 }}>
            {shown.map((template) => (
              <ListItemButton
                key={template.id}
                role="option"
                aria-selected={false}
                onClick={() => pick(template)}
                data-testid={`template-option-${template.id}`}
                sx={{ alignItems: 'flex-start', gap: 1 }}
              >
                <ListItemText
                  primary={
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {template.name}
                      </Box>
                      {template.channelType ? <ChannelTypeChip type={template.channelType} /> : null}
                    </Box>
                  }
                  secondary={template.filled}
                  slotProps={{
                    secondary: {
                      dir: 'auto',
                      sx: {
                        display: '-webkit-box',
                        WebkitLineClamp: 3,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                        whiteSpace: 'pre-line',
                        overflowWrap: 'anywhere',
                      },
                    },
                  }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
