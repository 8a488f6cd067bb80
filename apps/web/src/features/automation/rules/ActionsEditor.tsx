import { RULE_ACTION_TYPES, RULE_MAX_ACTIONS, type RuleActionType } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../ui/Tooltip';
import { errorsUnder } from '../../../ui/useFormErrors';
import type { AutomationOptions } from '../api';
import { ActionFields } from './ActionFields';
import { type ActionDraft, type ActionItem, actionItem, moveItem, newAction } from './model';

interface ActionsEditorProps {
  items: ActionItem[];
  onChange: (items: ActionItem[]) => void;
  options: AutomationOptions;
  campaignId: number | '';
  /** The form's errors (`actions`, `actions.0.userId`...). */
  errors: Record<string, string>;
}

/** Where the focus goes after the list changed: a moved action's button, or a new action's first field. */
type PendingFocus = { key: string; target: 'up' | 'down' | 'first' } | null;

/** The rule's actions, run in order: added by type, moved up and down, removed. */
export function ActionsEditor({ items, onChange, options, campaignId, errors }: ActionsEditorProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listRef = useRef<HTMLOListElement | null>(null);
  const pendingFocus = useRef<PendingFocus>(null);
  const full = items.length >= RULE_MAX_ACTIONS;

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !listRef.current) return;
    pendingFocus.current = null;
    const card = listRef.current.querySelector<HTMLElement>(`[data-action-key="${pending.key}"]`);
    if (!card) return;
    const target =
      pending.target === 'first'
        ? card.querySelector<HTMLElement>('input, textarea, [role="combobox"]')
        : (card.querySelector<HTMLButtonElement>(`[data-move="${pending.target}"]:not(:disabled)`) ??
          card.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'));
    target?.focus();
  });

  const add = (type: RuleActionType) => {
    setAnchor(null);
    const item = actionItem(newAction(type));
    pendingFocus.current = { key: item.key, target: 'first' };
    onChange([...items, item]);
  };
  const move = (index: number, delta: -1 | 1) => {
    pendingFocus.current = { key: items[index].key, target: delta < 0 ? 'up' : 'down' };
    onChange(moveItem(items, index, delta));
  };
  const update = (index: number, action: ActionDraft) =>
    onChange(items.map((item, position) => (position === index ? { ...item, action } : item)));
  const remove = (index: number) => onChange(items.filter((_, position) => position !== index));

  return (
    <Box data-testid="rule-actions">
      {errors.actions ? (
        <Alert severity="error" sx={{ mb: 1.5 }} data-invalid="true" data-testid="rule-actions-error">
          {errors.actions}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('automation.actions.empty')}
        </Typography>
      ) : (
        <Box component="ol" ref={listRef} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, mb: 1.5 }}>
          {items.map((item, index) => (
            <ActionCard
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              options={options}
              campaignId={campaignId}
              errors={errorsUnder(errors, `actions.${index}`)}
              onChange={(action) => update(index, action)}
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
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          data-testid="rule-action-add"
        >
          {t('automation.actions.add')}
        </Button>
        {full ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('automation.actions.limit', { max: RULE_MAX_ACTIONS })}
          </Typography>
        ) : null}
      </Box>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {RULE_ACTION_TYPES.map((type) => (
          <MenuItem key={type} onClick={() => add(type)} data-testid={`rule-action-add-${type}`}>
            {t(`automation.actions.types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

function ActionCard({
  item,
  index,
  count,
  options,
  campaignId,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  item: ActionItem;
  index: number;
  count: number;
  options: AutomationOptions;
  campaignId: number | '';
  errors: Record<string, string>;
  onChange: (action: ActionDraft) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const number = index + 1;
  const name = t(`automation.actions.types.${item.action.type}`);
  const testId = `rule-action-${index}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-action-key={item.key}
      data-action-type={item.action.type}
      data-testid={testId}
      sx={{ p: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('automation.actions.title', { number, name })}
        </Typography>
        <CardButton
          title={t('automation.actions.moveUp', { number })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
          move="up"
          testId={`${testId}-up`}
          icon={<ArrowUpwardIcon fontSize="small" />}
        />
        <CardButton
          title={t('automation.actions.moveDown', { number })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          move="down"
          testId={`${testId}-down`}
          icon={<ArrowDownwardIcon fontSize="small" />}
        />
        <CardButton
          title={t('automation.actions.remove', { number })}
          onClick={onRemove}
          testId={`${testId}-remove`}
          icon={<DeleteOutlineIcon fontSize="small" />}
        />
      </Box>
      <ActionFields
        action={item.action}
        onChange={onChange}
        options={options}
        campaignId={campaignId}
        errors={errors}
        testId={testId}
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
  const button = (
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
  );
  // A disabled button gets no pointer events: its tooltip needs a wrapper.
  return (
    <Tooltip title={title}>
      <span>{button}</span>
    </Tooltip>
  );
}
