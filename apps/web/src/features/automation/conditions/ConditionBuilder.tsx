import '../i18n';
// Customer genders are named by the customers module's texts.
import '../../customers/i18n';
import {
  type Condition,
  type ConditionGroup,
  type ConditionOperator,
  isConditionGroup,
  MAX_CONDITIONS,
  MAX_GROUP_DEPTH,
} from '@atiende/contracts';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { createContext, useCallback, useContext, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../ui/Tooltip';
import { ConditionValueEditor } from './ConditionValueEditor';
import { FieldPicker } from './FieldPicker';
import { operatorLabelKey } from './labels';
import {
  addCondition,
  addGroup,
  type ConditionMember,
  type ConditionOptions,
  canAddCondition,
  canAddSubgroup,
  changeField,
  changeOperator,
  changeValue,
  conditionsWithPaths,
  defaultCondition,
  describeField,
  errorsOfMember,
  groupDepth,
  type MemberPath,
  memberErrorKey,
  newCondition,
  type OnReplace,
  operatorsFor,
  ROOT_ERROR_KEY,
  removeAt,
  setMatch,
  updateAt,
} from './model';

export interface ConditionBuilderProps {
  value: ConditionGroup;
  onChange: (value: ConditionGroup) => void;
  /** What reference fields offer by name, and the campaign's form fields. */
  options: ConditionOptions;
  /** Conditions of a selection that runs on a schedule: `changedTo` is not offered (only an event can tell it). */
  forSchedule?: boolean;
  /**
   * Messages relative to the group (`conditions.0.value`, `conditions.1.conditions.0.operator`), the group's own
   * under `_`: `conditionErrorsAt(formErrors, 'conditions')` reads them from a form's client or server errors.
   */
  errors?: Record<string, string>;
  /** Prefix of the builder's test ids. */
  testId?: string;
  /** Only the fields this accepts are offered (bulk messaging: `customer.*`); every field when omitted. */
  fieldFilter?: (field: string) => boolean;
  /** The field a new condition starts with (the ticket's status when omitted); it should pass `fieldFilter`. */
  defaultField?: string;
  /** What the conditions choose, for the empty groups' words: tickets (default) or accounts (bulk, dialers). */
  subject?: 'tickets' | 'accounts';
}

interface BuilderContextValue {
  root: ConditionGroup;
  apply: (change: (root: ConditionGroup, onReplace: OnReplace) => ConditionGroup) => void;
  keyOf: (member: ConditionMember) => string;
  /** Each condition's number in reading order, by its path (`0.2`). */
  numbers: ReadonlyMap<string, number>;
  options: ConditionOptions;
  forSchedule: boolean;
  errors: Record<string, string>;
  testId: string;
  fieldFilter?: (field: string) => boolean;
  subject: 'tickets' | 'accounts';
  /** A new condition, on the builder's default field. */
  newMember: () => Condition;
}

const BuilderContext = createContext<BuilderContextValue | null>(null);

function useBuilder(): BuilderContextValue {
  const context = useContext(BuilderContext);
  if (!context) throw new Error('ConditionBuilder parts are used inside a ConditionBuilder');
  return context;
}

const pathId = (path: MemberPath) => (path.length ? path.join('-') : 'root');

/**
 * Stable React keys for the members of a tree that is rebuilt on every change: each member keeps its key while it
 * lives, and a member a change replaced hands its key to its replacement (so an edited row keeps its focus).
 */
function useMemberKeys() {
  const keys = useRef(new WeakMap<object, string>());
  const last = useRef(0);
  const keyOf = useCallback((member: ConditionMember) => {
    let key = keys.current.get(member);
    if (!key) {
      last.current += 1;
      key = `member-${last.current}`;
      keys.current.set(member, key);
    }
    return key;
  }, []);
  const carry = useCallback<OnReplace>((before, after) => {
    const key = keys.current.get(before);
    if (key) keys.current.set(after, key);
  }, []);
  return { keyOf, carry };
}

/**
 * Edits a tree of conditions: all / any per group, conditions with a field, an operator and a value of the field's
 * type, and sub-groups up to MAX_GROUP_DEPTH levels. Shared by business rules, SLA rules and segmentation.
 */
export function ConditionBuilder({
  value,
  onChange,
  options,
  forSchedule = false,
  errors = {},
  testId = 'conditions',
  fieldFilter,
  defaultField,
  subject = 'tickets',
}: ConditionBuilderProps) {
  const { keyOf, carry } = useMemberKeys();
  const numbers = useMemo(
    () => new Map(conditionsWithPaths(value).map(([, path], index) => [path.join('.'), index + 1])),
    [value],
  );
  const context = useMemo<BuilderContextValue>(
    () => ({
      root: value,
      apply: (change) => onChange(change(value, carry)),
      keyOf,
      numbers,
      options,
      forSchedule,
      errors,
      testId,
      fieldFilter,
      subject,
      newMember: () => {
        const descriptor = defaultField ? describeField(defaultField, options.formFields) : null;
        return defaultField && descriptor
          ? newCondition(defaultField, descriptor, forSchedule)
          : defaultCondition(forSchedule);
      },
    }),
    [value, onChange, carry, keyOf, numbers, options, forSchedule, errors, testId, fieldFilter, defaultField, subject],
  );
  const rootError = errors[ROOT_ERROR_KEY];
  return (
    <BuilderContext.Provider value={context}>
      <Box data-testid={testId}>
        {rootError ? (
          <Alert severity="error" sx={{ mb: 1.5 }} data-invalid="true" data-testid={`${testId}-error`}>
            {rootError}
          </Alert>
        ) : null}
        <GroupView group={value} path={[]} />
      </Box>
    </BuilderContext.Provider>
  );
}

function GroupView({ group, path }: { group: ConditionGroup; path: MemberPath }) {
  const { t } = useTranslation();
  const { root, apply, keyOf, errors, testId, newMember, subject } = useBuilder();
  const matchLabelId = useId();
  const depth = groupDepth(path);
  const nested = path.length > 0;
  const id = pathId(path);
  const roomForMore = canAddCondition(root);
  const ownError = nested ? errors[memberErrorKey(path)] : undefined;
  const connector = t(group.match === 'all' ? 'automation.builder.and' : 'automation.builder.or');

  return (
    <Box
      role="group"
      aria-label={t('automation.builder.group', { level: depth })}
      data-testid={`${testId}-group-${id}`}
      data-match={group.match}
      sx={(theme) => ({
        borderInlineStart: `3px solid ${alpha(theme.palette.primary.main, 1 - (depth - 1) * 0.3)}`,
        borderRadius: 1,
        paddingInlineStart: 1.5,
        paddingInlineEnd: nested ? 1 : 0,
        py: 1,
        bgcolor: nested ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.08 : 0.04) : undefined,
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={matchLabelId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('automation.builder.match')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          value={group.match}
          onChange={(_, match: ConditionGroup['match'] | null) => {
            if (match) apply((current, carry) => setMatch(current, path, match, carry));
          }}
          aria-labelledby={matchLabelId}
          // The theme's primary on its own tint misses 4.5:1 in light mode: the selected text takes the dark shade.
          sx={(theme) => ({
            '& .MuiToggleButton-root.Mui-selected': {
              color: theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.light,
            },
          })}
        >
          <Tooltip title={t('automation.builder.matchAllLong')}>
            <ToggleButton value="all" data-testid={`${testId}-match-all-${id}`}>
              {t('automation.builder.matchAll')}
            </ToggleButton>
          </Tooltip>
          <Tooltip title={t('automation.builder.matchAnyLong')}>
            <ToggleButton value="any" data-testid={`${testId}-match-any-${id}`}>
              {t('automation.builder.matchAny')}
            </ToggleButton>
          </Tooltip>
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        {nested ? (
          <Tooltip title={t('automation.builder.removeGroup')}>
            <IconButton
              size="small"
              aria-label={t('automation.builder.removeGroup')}
              onClick={() => apply((current, carry) => removeAt(current, path, carry))}
              data-testid={`${testId}-remove-group-${id}`}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      {ownError ? (
        <FormHelperText error sx={{ mb: 1 }}>
          {ownError}
        </FormHelperText>
      ) : null}

      {group.conditions.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} data-testid={`${testId}-empty-${id}`}>
          {t(`automation.builder.${nested ? 'emptyGroup' : 'emptyRoot'}${subject === 'accounts' ? 'Accounts' : ''}`)}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {group.conditions.map((member, index) => {
            const memberPath = [...path, index];
            return (
              <Box component="li" key={keyOf(member)}>
                {index > 0 ? (
                  <Typography
                    variant="caption"
                    aria-hidden
                    sx={{ display: 'block', color: 'text.secondary', fontWeight: 700, mb: 0.5 }}
                  >
                    {connector}
                  </Typography>
                ) : null}
                {isConditionGroup(member) ? (
                  <GroupView group={member} path={memberPath} />
                ) : (
                  <ConditionRow condition={member} path={memberPath} />
                )}
              </Box>
            );
          })}
        </Box>
      )}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!roomForMore}
          onClick={() => apply((current, carry) => addCondition(current, path, newMember(), carry))}
          data-testid={`${testId}-add-condition-${id}`}
        >
          {t('automation.builder.addCondition')}
        </Button>
        {canAddSubgroup(path) ? (
          <Button
            size="small"
            startIcon={<AccountTreeOutlinedIcon />}
            disabled={!roomForMore}
            onClick={() => apply((current, carry) => addGroup(current, path, newMember(), carry))}
            data-testid={`${testId}-add-group-${id}`}
          >
            {t('automation.builder.addGroup')}
          </Button>
        ) : depth === MAX_GROUP_DEPTH ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('automation.builder.depthLimit', { max: MAX_GROUP_DEPTH })}
          </Typography>
        ) : null}
        {!roomForMore && !nested ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('automation.builder.countLimit', { max: MAX_CONDITIONS })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function ConditionRow({ condition, path }: { condition: Condition; path: MemberPath }) {
  const { t } = useTranslation();
  const { apply, numbers, options, forSchedule, errors, testId, fieldFilter } = useBuilder();
  const id = pathId(path);
  const number = numbers.get(path.join('.')) ?? 0;
  const descriptor = describeField(condition.field, options.formFields, condition.type);
  const own = errorsOfMember(errors, path);
  const allowed = descriptor ? operatorsFor(descriptor.type, forSchedule) : [];
  // A saved operator the field no longer allows stays shown (and flagged) until the user picks another.
  const operators = allowed.includes(condition.operator) ? allowed : [...allowed, condition.operator];
  const operatorError =
    own.operator ??
    (forSchedule && condition.operator === 'changedTo' ? t('automation.conditions.changedToNeedsEvent') : undefined);

  const update = (change: (current: Condition) => Condition) =>
    apply((root, carry) => updateAt(root, path, (member) => change(member as Condition), carry));

  const selectField = (field: string) => {
    const next = describeField(field, options.formFields);
    if (next) update((current) => changeField(current, field, next, descriptor, forSchedule));
  };

  return (
    <Box
      role="group"
      aria-label={t('automation.builder.condition', { number })}
      data-testid={`${testId}-condition-${id}`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <FieldPicker
          value={condition.field}
          formFields={options.formFields}
          fieldFilter={fieldFilter}
          onChange={selectField}
          error={own.field ?? own.type}
          testId={`${testId}-field-${id}`}
        />
      </Box>
      <Box sx={{ flex: '1 1 150px', minWidth: 0 }}>
        <TextField
          select
          size="small"
          margin="none"
          fullWidth
          label={t('automation.builder.operator')}
          value={condition.operator}
          onChange={(event) => update((current) => changeOperator(current, event.target.value as ConditionOperator))}
          error={Boolean(operatorError)}
          helperText={operatorError}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-operator-${id}` } }}
        >
          {operators.map((operator) => (
            <MenuItem key={operator} value={operator} disabled={!allowed.includes(operator)}>
              {t(operatorLabelKey(condition.type, operator))}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ flex: '2 1 220px', minWidth: 0 }}>
        <ConditionValueEditor
          condition={condition}
          descriptor={descriptor}
          options={options}
          errors={own}
          onChange={(value) => update((current) => changeValue(current, value))}
          testId={`${testId}-value-${id}`}
        />
        {own[''] ? <FormHelperText error>{own['']}</FormHelperText> : null}
      </Box>
      <Tooltip title={t('automation.builder.removeCondition', { number })}>
        <IconButton
          size="small"
          aria-label={t('automation.builder.removeCondition', { number })}
          onClick={() => apply((root, carry) => removeAt(root, path, carry))}
          data-testid={`${testId}-remove-${id}`}
          sx={{ mt: 0.5 }}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
