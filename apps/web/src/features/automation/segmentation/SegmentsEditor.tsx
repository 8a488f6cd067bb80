import { SEGMENTATION_MAX_SEGMENTS } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../ui/FormField';
import { FORM_GRID } from '../../../ui/Section';
import { Tooltip } from '../../../ui/Tooltip';
import { errorsUnder } from '../../../ui/useFormErrors';
import type { AutomationOptions } from '../api';
import { ConditionBuilder } from '../conditions/ConditionBuilder';
import { conditionErrorsAt, type NamedOption } from '../conditions/model';
import { NamedOptionPicker } from '../conditions/NamedOptionPicker';
import { moveItem } from '../rules/model';
import { newSegment, type SegmentDraft } from './model';

interface SegmentsEditorProps {
  segments: SegmentDraft[];
  onChange: (segments: SegmentDraft[]) => void;
  /** What the conditions offer: the base campaign's names and form fields. */
  options: AutomationOptions;
  /** The campaigns a segment may send tickets to (the base campaign is not one). */
  destinations: readonly NamedOption[];
  /** The base campaign, named when a segment still points at it (the schema flags it there). */
  baseCampaign: NamedOption | null;
  /** The form's errors (`segments`, `segments.0.name`, `segments.1.conditions.conditions.0.value`...). */
  errors: Record<string, string>;
}

/** Where the focus goes after the list changed: a moved segment's button, a new one's name, a heading after removal. */
type PendingFocus = { key: string; target: 'up' | 'down' | 'first' | 'heading' } | { key: null; target: 'add' } | null;

/** The segments, tried in order: added, moved up and down, removed; each a name, a destination and conditions. */
export function SegmentsEditor({
  segments,
  onChange,
  options,
  destinations,
  baseCampaign,
  errors,
}: SegmentsEditorProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement | null>(null);
  const pendingFocus = useRef<PendingFocus>(null);
  const full = segments.length >= SEGMENTATION_MAX_SEGMENTS;

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !rootRef.current) return;
    pendingFocus.current = null;
    if (pending.key === null) {
      rootRef.current.querySelector<HTMLElement>('[data-segment-add]')?.focus();
      return;
    }
    const card = rootRef.current.querySelector<HTMLElement>(`[data-segment-key="${pending.key}"]`);
    if (!card) return;
    const target =
      pending.target === 'first'
        ? card.querySelector<HTMLElement>('input, textarea')
        : pending.target === 'heading'
          ? card.querySelector<HTMLElement>('h3')
          : (card.querySelector<HTMLButtonElement>(`[data-move="${pending.target}"]:not(:disabled)`) ??
            card.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'));
    target?.focus();
  });

  const add = () => {
    const segment = newSegment();
    pendingFocus.current = { key: segment.key, target: 'first' };
    onChange([...segments, segment]);
  };
  const move = (index: number, delta: -1 | 1) => {
    pendingFocus.current = { key: segments[index].key, target: delta < 0 ? 'up' : 'down' };
    onChange(moveItem(segments, index, delta));
  };
  const update = (index: number, patch: Partial<SegmentDraft>) =>
    onChange(segments.map((segment, position) => (position === index ? { ...segment, ...patch } : segment)));
  const remove = (index: number) => {
    const rest = segments.filter((_, position) => position !== index);
    // The focus goes to the segment that took its place (or the one before), else to "Add segment".
    const next = rest[Math.min(index, rest.length - 1)];
    pendingFocus.current = next ? { key: next.key, target: 'heading' } : { key: null, target: 'add' };
    onChange(rest);
  };

  return (
    <Box ref={rootRef} data-testid="segmentation-segments">
      <Alert severity="info" sx={{ mb: 1.5 }} data-testid="segmentation-first-match">
        {t('automation.segmentation.segments.note')}
      </Alert>
      {errors.segments ? (
        <Alert severity="error" sx={{ mb: 1.5 }} data-invalid="true" data-testid="segmentation-segments-error">
          {errors.segments}
        </Alert>
      ) : null}
      {segments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('automation.segmentation.segments.empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, mb: 1.5 }}>
          {segments.map((segment, index) => (
            <SegmentCard
              key={segment.key}
              segment={segment}
              index={index}
              count={segments.length}
              options={options}
              destinations={destinations}
              baseCampaign={baseCampaign}
              errors={errorsUnder(errors, `segments.${index}`)}
              onChange={(patch) => update(index, patch)}
              onMove={(delta) => move(index, delta)}
              onRemove={() => remove(index)}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={full}
          onClick={add}
          data-segment-add
          data-testid="segment-add"
        >
          {t('automation.segmentation.segments.add')}
        </Button>
        {full ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('automation.segmentation.segments.limit', { max: SEGMENTATION_MAX_SEGMENTS })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function SegmentCard({
  segment,
  index,
  count,
  options,
  destinations,
  baseCampaign,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  segment: SegmentDraft;
  index: number;
  count: number;
  options: AutomationOptions;
  destinations: readonly NamedOption[];
  baseCampaign: NamedOption | null;
  errors: Record<string, string>;
  onChange: (patch: Partial<SegmentDraft>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const number = index + 1;
  const testId = `segment-${index}`;
  const conditionErrors = useMemo(() => conditionErrorsAt(errors, 'conditions'), [errors]);
  // A destination equal to the base campaign (the base changed after it was chosen) stays named, with its error.
  const choices =
    baseCampaign && segment.destinationCampaignId === baseCampaign.id ? [...destinations, baseCampaign] : destinations;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-segment-key={segment.key}
      data-testid={testId}
      sx={{ p: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
        <Typography
          id={headingId}
          variant="subtitle2"
          component="h3"
          tabIndex={-1}
          sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
        >
          {t('automation.segmentation.segments.title', { number })}
          {segment.name.trim() ? (
            <>
              {': '}
              <bdi>{segment.name}</bdi>
            </>
          ) : null}
        </Typography>
        <CardButton
          title={t('automation.segmentation.segments.moveUp', { number })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
          move="up"
          testId={`${testId}-up`}
          icon={<ArrowUpwardIcon fontSize="small" />}
        />
        <CardButton
          title={t('automation.segmentation.segments.moveDown', { number })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          move="down"
          testId={`${testId}-down`}
          icon={<ArrowDownwardIcon fontSize="small" />}
        />
        <CardButton
          title={t('automation.segmentation.segments.remove', { number })}
          onClick={onRemove}
          testId={`${testId}-remove`}
          icon={<DeleteOutlineIcon fontSize="small" />}
        />
      </Box>
      <Box sx={FORM_GRID}>
        <FormField
          name={`segments.${index}.name`}
          label={t('automation.segmentation.segments.name')}
          required
          value={segment.name}
          onValueChange={(name) => onChange({ name })}
          error={errors.name}
          maxLength={120}
          testId={`${testId}-name`}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <NamedOptionPicker
          label={t('automation.segmentation.segments.destination')}
          required
          choices={choices}
          value={segment.destinationCampaignId === '' ? null : segment.destinationCampaignId}
          onChange={(id) => onChange({ destinationCampaignId: id ?? '' })}
          error={errors.destinationCampaignId}
          helperText={t('automation.segmentation.segments.destinationHelp')}
          testId={`${testId}-destination`}
        />
      </Box>
      <Typography variant="body2" component="h4" sx={{ fontWeight: 600, mt: 1.5 }}>
        {t('automation.segmentation.segments.conditions')}
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('automation.segmentation.segments.conditionsHelp')}
      </Typography>
      <ConditionBuilder
        value={segment.conditions}
        onChange={(conditions) => onChange({ conditions })}
        options={options}
        forSchedule
        errors={conditionErrors}
        testId={`${testId}-conditions`}
      />
    </Paper>
  );
}

function CardButton({
  title,
  disabled,
  onClick,
  move,
  testId,
  icon,
}: {
  title: string;
  disabled?: boolean;
  onClick: () => void;
  move?: 'up' | 'down';
  testId: string;
  icon: ReactNode;
}) {
  // A disabled button gets no pointer events: its tooltip needs a wrapper.
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          aria-label={title}
          disabled={disabled}
          onClick={onClick}
          data-move={move}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
