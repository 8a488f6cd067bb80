import type { OptionNode } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';
import { addOption, moveOption, type OptionPath, optionErrorPath, removeOption, setOptionLabel } from './model';

interface OptionsEditorProps {
  options: OptionNode[];
  onChange: (options: OptionNode[]) => void;
  /** A multi-level tree (children can be added) or a flat list. */
  tree: boolean;
  /** Field errors keyed by API path; this editor reads `${errorPrefix}options.…label`. */
  errors?: Record<string, string>;
  errorPrefix?: string;
  /** Prefix of the inputs' test ids: `${testId}-<path joined by ->` (e.g. `list-option-0-1`). */
  testId: string;
  /** Highlights empty labels with this message (after a failed save). */
  emptyMessage?: string;
}

/** Editor of flat options or a multi-level tree: add, remove, reorder, and (tree) add children. */
export function OptionsEditor({
  options,
  onChange,
  tree,
  errors = {},
  errorPrefix = '',
  testId,
  emptyMessage,
}: OptionsEditorProps) {
  const { t } = useTranslation();

  const renderLevel = (level: readonly OptionNode[], parent: OptionPath, depth: number) =>
    level.map((option, index) => {
      const path = [...parent, index];
      const id = `${testId}-${path.join('-')}`;
      const error =
        errors[`${errorPrefix}${optionErrorPath(path)}.label`] ??
        (emptyMessage && !option.label.trim() ? emptyMessage : undefined);
      return (
        <Box key={id} data-testid={`${id}-row`}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, ps: depth * 3 }}>
            {depth > 0 ? (
              <SubdirectoryArrowRightIcon
                fontSize="small"
                sx={{
                  mt: 1.5,
                  color: 'text.secondary',
                  transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined),
                }}
              />
            ) : null}
            <TextField
              size="small"
              margin="dense"
              fullWidth
              value={option.label}
              placeholder={t('forms.options.label')}
              onChange={(event) => onChange(setOptionLabel(options, path, event.target.value))}
              error={Boolean(error)}
              helperText={error}
              slotProps={{
                htmlInput: { 'data-testid': id, maxLength: 200, 'aria-label': t('forms.options.label') },
              }}
            />
            <Box sx={{ display: 'flex', flexShrink: 0, mt: 0.75 }}>
              <Tooltip title={t('forms.moveUp')}>
                <span>
                  <IconButton
                    size="small"
                    disabled={index === 0}
                    aria-label={t('forms.moveUp')}
                    onClick={() => onChange(moveOption(options, path, -1))}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('forms.moveDown')}>
                <span>
                  <IconButton
                    size="small"
                    disabled={index === level.length - 1}
                    aria-label={t('forms.moveDown')}
                    onClick={() => onChange(moveOption(options, path, 1))}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {tree ? (
                <Tooltip title={t('forms.options.addChild')}>
                  <IconButton
                    size="small"
                    aria-label={t('forms.options.addChild')}
                    onClick={() => onChange(addOption(options, path))}
                    data-testid={`${id}-add-child`}
                  >
                    <AddIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : null}
              <Tooltip title={t('forms.options.remove')}>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={t('forms.options.remove')}
                  onClick={() => onChange(removeOption(options, path))}
                  data-testid={`${id}-remove`}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          </Box>
          {tree && option.children && option.children.length > 0 ? renderLevel(option.children, path, depth + 1) : null}
        </Box>
      );
    });

  const rootError = errors[`${errorPrefix}options`];
  return (
    <Box data-testid={`${testId}s`}>
      {options.length === 0 ? (
        <Typography
          variant="body2"
          sx={{ color: rootError ? 'error.main' : 'text.secondary', py: 1 }}
          data-invalid={rootError ? 'true' : undefined}
        >
          {rootError ?? t('forms.options.none')}
        </Typography>
      ) : (
        renderLevel(options, [], 0)
      )}
      {options.length > 0 && rootError ? (
        <Typography variant="caption" sx={{ color: 'error.main' }} data-invalid="true">
          {rootError}
        </Typography>
      ) : null}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange(addOption(options, []))}
          data-testid={`${testId}-add`}
        >
          {t('forms.options.add')}
        </Button>
      </Box>
    </Box>
  );
}
