import { SLA_MAX_MINUTES, SLA_METRICS, SLA_PRIORITIES, type SlaMetric, type SlaPriority } from '@atiende/contracts';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { draftToMinutes, SLA_MAX_HOURS, type TargetDraft, type TargetsDraft, targetField } from './model';

/**
 * The targets grid: a row per priority (highest first), a column per metric, each target typed as hours and
 * minutes (both empty: not measured). Errors show under their cell (`targets.high.resolution`, the client's or the
 * server's) and the "at least one target" message under the grid (`targets`).
 */
export function TargetsEditor({
  value,
  onChange,
  errors,
}: {
  value: TargetsDraft;
  onChange: (value: TargetsDraft) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const groupErrorId = useId();
  const groupError = errors.targets;
  const set = (priority: SlaPriority, metric: SlaMetric, draft: TargetDraft) =>
    onChange({ ...value, [priority]: { ...value[priority], [metric]: draft } });

  return (
    <Box data-testid="sla-targets">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('automation.sla.form.help.targets')}
      </Typography>
      {/* "At least one target": the grid is the invalid field (its first input gets the focus). */}
      <TableContainer data-invalid={groupError ? 'true' : undefined}>
        <Table
          size="small"
          sx={{ minWidth: 640, '& td, & th': { verticalAlign: 'top' } }}
          aria-describedby={groupError ? groupErrorId : undefined}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('automation.sla.form.targets.priority')}
              </TableCell>
              {SLA_METRICS.map((metric) => (
                <TableCell key={metric} component="th" scope="col">
                  {t(`automation.sla.metrics.${metric}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {[...SLA_PRIORITIES].reverse().map((priority) => (
              <TableRow key={priority} data-testid={`sla-targets-${priority}`}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, pt: 2.5 }}>
                  {t(`tickets.priority.${priority}`)}
                </TableCell>
                {SLA_METRICS.map((metric) => (
                  <TableCell key={metric}>
                    <TargetInput
                      priority={priority}
                      metric={metric}
                      value={value[priority][metric]}
                      onChange={(draft) => set(priority, metric, draft)}
                      error={errors[targetField(priority, metric)]}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {groupError ? (
        <FormHelperText error id={groupErrorId} data-testid="sla-targets-error" sx={{ mx: 0 }}>
          {groupError}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

function TargetInput({
  priority,
  metric,
  value,
  onChange,
  error,
}: {
  priority: SlaPriority;
  metric: SlaMetric;
  value: TargetDraft;
  onChange: (value: TargetDraft) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const minutes = draftToMinutes(value);
  // The schema's own message for a too long target counts minutes; the form speaks of hours.
  const message =
    error && minutes !== null && minutes > SLA_MAX_MINUTES
      ? t('automation.sla.form.targets.tooLong', { hours: SLA_MAX_HOURS })
      : error;
  const id = `${priority}-${metric}`;
  const context = { priority: t(`tickets.priority.${priority}`), metric: t(`automation.sla.metrics.${metric}`) };
  const part = (unit: 'hours' | 'minutes') => (
    <TextField
      size="small"
      margin="none"
      type="number"
      label={t(`automation.sla.form.targets.${unit}`)}
      value={value[unit]}
      onChange={(event) => onChange({ ...value, [unit]: event.target.value })}
      error={Boolean(message)}
      sx={{ width: unit === 'hours' ? 96 : 88 }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          min: 0,
          max: unit === 'minutes' ? 59 : SLA_MAX_HOURS,
          step: 1,
          inputMode: 'numeric',
          placeholder: '—',
          // The visible label ("Horas") with the cell's row and column: every input is told apart by ear.
          'aria-label': t('automation.sla.form.targets.inputLabel', {
            ...context,
            unit: t(`automation.sla.form.targets.${unit}`),
          }),
          'aria-describedby': message ? errorId : undefined,
          'data-testid': `sla-target-${id}-${unit}`,
        },
      }}
    />
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
        {part('hours')}
        {part('minutes')}
      </Box>
      {message ? (
        <FormHelperText error id={errorId} data-testid={`sla-target-${id}-error`} sx={{ mx: 0, maxWidth: 192 }}>
          {message}
        </FormHelperText>
      ) : minutes === null ? (
        <FormHelperText sx={{ mx: 0 }}>{t('automation.sla.form.targets.notMeasured')}</FormHelperText>
      ) : null}
    </Box>
  );
}
