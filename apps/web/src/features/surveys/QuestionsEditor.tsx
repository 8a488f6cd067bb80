import { SURVEY_LIMITS, type SurveyOption, type SurveyQuestionType } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, SwitchField } from '../../ui/FormField';
import { FORM_GRID } from '../../ui/Section';
import { Tooltip } from '../../ui/Tooltip';
import { addOption, moveOption, type OptionPath, optionErrorPath, removeOption, setOptionLabel } from '../forms/model';
import {
  duplicateQuestion,
  hasLevels,
  isChoiceType,
  LEVELS_MAX,
  LEVELS_MIN,
  move,
  newQuestion,
  QUESTION_TYPE_GROUPS,
  type QuestionRow,
  relabelQuestion,
  retypeQuestion,
} from './model';
import { QuestionPreview } from './QuestionPreview';

type Errors = Record<string, string>;

function SmallAction({
  title,
  icon,
  onClick,
  disabled,
  testId,
  color,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
  color?: 'error';
}) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          onClick={onClick}
          disabled={disabled}
          aria-label={title}
          data-testid={testId}
          color={color}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A choice question's options: add, remove, reorder, and (multilevel) options under an option. */
export function SurveyOptionsEditor({
  options,
  onChange,
  tree,
  errors,
  prefix,
  index,
}: {
  options: SurveyOption[];
  onChange: (options: SurveyOption[]) => void;
  tree: boolean;
  errors: Errors;
  /** The question's error prefix (`questions.2.`). */
  prefix: string;
  index: number;
}) {
  const { t } = useTranslation();
  const renderLevel = (level: readonly SurveyOption[], parent: OptionPath, depth: number): ReactNode =>
    level.map((option, position) => {
      const path = [...parent, position];
      const id = `survey-option-${index}-${path.join('-')}`;
      const error = errors[`${prefix}${optionErrorPath(path)}.label`];
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
              placeholder={t('surveys.preview.option', { n: position + 1 })}
              onChange={(event) => onChange(setOptionLabel(options, path, event.target.value))}
              error={Boolean(error)}
              helperText={error}
              slotProps={{
                htmlInput: {
                  'data-testid': id,
                  maxLength: 200,
                  dir: 'auto',
                  'aria-label': t('surveys.editor.optionLabel', { n: position + 1 }),
                },
              }}
            />
            <Box sx={{ display: 'flex', flexShrink: 0, mt: 0.75 }}>
              <SmallAction
                title={t('surveys.editor.moveUp')}
                icon={<ArrowUpwardIcon fontSize="small" />}
                disabled={position === 0}
                onClick={() => onChange(moveOption(options, path, -1))}
                testId={`${id}-up`}
              />
              <SmallAction
                title={t('surveys.editor.moveDown')}
                icon={<ArrowDownwardIcon fontSize="small" />}
                disabled={position === level.length - 1}
                onClick={() => onChange(moveOption(options, path, 1))}
                testId={`${id}-down`}
              />
              {tree && depth === 0 ? (
                <SmallAction
                  title={t('surveys.editor.addChild')}
                  icon={<AddIcon fontSize="small" />}
                  onClick={() => onChange(addOption(options, path))}
                  testId={`${id}-add-child`}
                />
              ) : null}
              <SmallAction
                title={t('surveys.editor.removeOption')}
                icon={<DeleteOutlineIcon fontSize="small" />}
                onClick={() => onChange(removeOption(options, path))}
                testId={`${id}-remove`}
                color="error"
              />
            </Box>
          </Box>
          {tree && option.children && option.children.length > 0 ? renderLevel(option.children, path, depth + 1) : null}
        </Box>
      );
    });

  const rootError = errors[`${prefix}options`];
  return (
    <Box data-testid={`survey-options-${index}`}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('surveys.editor.options')}
      </Typography>
      {options.length === 0 ? (
        <Typography
          variant="body2"
          sx={{ color: rootError ? 'error.main' : 'text.secondary', py: 1 }}
          data-invalid={rootError ? 'true' : undefined}
        >
          {rootError ?? t('surveys.editor.noOptions')}
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
          disabled={options.length >= SURVEY_LIMITS.options}
          onClick={() => onChange(addOption(options, []))}
          data-testid={`survey-option-add-${index}`}
        >
          {t('surveys.editor.addOption')}
        </Button>
      </Box>
    </Box>
  );
}

/** The type select's items, grouped (scales, choices, text, dates). */
function typeItems(t: (key: string) => string, testId: string): ReactNode[] {
  return QUESTION_TYPE_GROUPS.flatMap(({ group, types }) => [
    <ListSubheader key={`g-${group}`}>{t(`surveys.typeGroups.${group}`)}</ListSubheader>,
    ...types.map((type) => (
      <MenuItem key={type} value={type} data-testid={`${testId}-${type}`}>
        {t(`surveys.types.${type}`)}
      </MenuItem>
    )),
  ]);
}

interface QuestionCardProps {
  question: QuestionRow;
  index: number;
  count: number;
  errors: Errors;
  color: string;
  onChange: (patch: Partial<QuestionRow>) => void;
  onLabel: (label: string) => void;
  onType: (type: SurveyQuestionType) => void;
  onMove: (delta: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

function QuestionCard({
  question,
  index,
  count,
  errors,
  color,
  onChange,
  onLabel,
  onType,
  onMove,
  onDuplicate,
  onRemove,
}: QuestionCardProps) {
  const { t } = useTranslation();
  const prefix = `questions.${index}.`;
  const err = (name: string) => errors[`${prefix}${name}`];
  const keyChanged = question.savedKey !== null && question.savedKey !== question.key.trim();
  return (
    <Card variant="outlined" sx={{ mb: 1.5 }} data-testid={`survey-question-${index}`} data-key={question.key}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Chip size="small" label={index + 1} />
          <Typography sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap dir="auto">
            {question.label || t('surveys.editor.untitled')}
          </Typography>
          <Chip size="small" variant="outlined" label={t(`surveys.types.${question.type}`)} />
          <SmallAction
            title={t('surveys.editor.moveUp')}
            icon={<ArrowUpwardIcon fontSize="small" />}
            disabled={index === 0}
            onClick={() => onMove(-1)}
            testId={`survey-question-up-${index}`}
          />
          <SmallAction
            title={t('surveys.editor.moveDown')}
            icon={<ArrowDownwardIcon fontSize="small" />}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            testId={`survey-question-down-${index}`}
          />
          <SmallAction
            title={t('surveys.editor.duplicate')}
            icon={<ContentCopyIcon fontSize="small" />}
            disabled={count >= SURVEY_LIMITS.questions}
            onClick={onDuplicate}
            testId={`survey-question-duplicate-${index}`}
          />
          <SmallAction
            title={t('surveys.editor.remove')}
            icon={<DeleteOutlineIcon fontSize="small" />}
            onClick={onRemove}
            testId={`survey-question-remove-${index}`}
            color="error"
          />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <FormField
              fullWidth
              required
              label={t('surveys.editor.label')}
              value={question.label}
              onValueChange={onLabel}
              error={err('label')}
              maxLength={300}
              testId={`survey-question-label-${index}`}
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
            <Box sx={FORM_GRID}>
              <TextField
                select
                margin="dense"
                label={t('surveys.editor.type')}
                value={question.type}
                onChange={(event) => onType(event.target.value as SurveyQuestionType)}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': `survey-question-type-${index}` } as object },
                }}
              >
                {typeItems(t, `survey-question-type-${index}-option`)}
              </TextField>
              <FormField
                required
                label={t('surveys.editor.key')}
                value={question.key}
                onValueChange={(key) => onChange({ key, keyEdited: true })}
                error={err('key')}
                helperText={t('surveys.editor.keyHelp')}
                maxLength={40}
                testId={`survey-question-key-${index}`}
                slotProps={{ htmlInput: { dir: 'ltr', style: { fontFamily: 'monospace' } } }}
              />
            </Box>
            {keyChanged ? (
              <Alert severity="warning" sx={{ my: 1 }} data-testid={`survey-question-key-warning-${index}`}>
                {t('surveys.editor.keyChanged', { from: question.savedKey, to: question.key.trim() })}
              </Alert>
            ) : null}
            <FormField
              fullWidth
              multiline
              minRows={1}
              label={t('surveys.editor.description')}
              value={question.description}
              onValueChange={(description) => onChange({ description })}
              error={err('description')}
              maxLength={1000}
              testId={`survey-question-description-${index}`}
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
            <Box sx={FORM_GRID}>
              <FormField
                label={t('surveys.editor.defaultValue')}
                value={question.defaultValue}
                onValueChange={(defaultValue) => onChange({ defaultValue })}
                error={err('defaultValue')}
                helperText={t('surveys.editor.defaultValueHelp')}
                maxLength={500}
                testId={`survey-question-default-${index}`}
              />
              {hasLevels(question.type) ? (
                <TextField
                  select
                  margin="dense"
                  label={t('surveys.editor.levels')}
                  value={question.levels}
                  onChange={(event) => onChange({ levels: Number(event.target.value) })}
                  error={Boolean(err('levels'))}
                  helperText={err('levels') ?? t('surveys.editor.levelsHelp')}
                  slotProps={{
                    select: { SelectDisplayProps: { 'data-testid': `survey-question-levels-${index}` } as object },
                  }}
                >
                  {Array.from({ length: LEVELS_MAX - LEVELS_MIN + 1 }, (_, i) => i + LEVELS_MIN).map((levels) => (
                    <MenuItem
                      key={levels}
                      value={levels}
                      data-testid={`survey-question-levels-${index}-option-${levels}`}
                    >
                      {t('surveys.editor.levelsValue', { count: levels })}
                    </MenuItem>
                  ))}
                </TextField>
              ) : question.type === 'nps' ? (
                <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center', py: 1 }}>
                  {t('surveys.editor.npsFixed')}
                </Typography>
              ) : null}
            </Box>
            <SwitchField
              label={t('surveys.editor.required')}
              checked={question.required}
              onChange={(required) => onChange({ required })}
              testId={`survey-question-required-${index}`}
            />
            {isChoiceType(question.type) ? (
              <Box sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
                <SurveyOptionsEditor
                  options={question.options}
                  onChange={(options) => onChange({ options })}
                  tree={question.type === 'multilevel'}
                  errors={errors}
                  prefix={prefix}
                  index={index}
                />
              </Box>
            ) : null}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 0.5 }}>
              {t('surveys.preview.title')}
            </Typography>
            <Box sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.default' }}>
              <QuestionPreview
                question={{ ...question, levels: question.levels }}
                color={color}
                testId={`survey-question-preview-${index}`}
              />
            </Box>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The button that adds a question of a chosen type (a menu of the types, grouped). */
function AddQuestionButton({ onAdd, disabled }: { onAdd: (type: SurveyQuestionType) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="survey-question-add"
      >
        {t('surveys.editor.add')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {QUESTION_TYPE_GROUPS.flatMap(({ group, types }) => [
          <ListSubheader key={`g-${group}`}>{t(`surveys.typeGroups.${group}`)}</ListSubheader>,
          ...types.map((type) => (
            <MenuItem
              key={type}
              onClick={() => {
                setAnchor(null);
                onAdd(type);
              }}
              data-testid={`survey-question-add-${type}`}
            >
              <Box>
                <Typography variant="body2">{t(`surveys.types.${type}`)}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t(`surveys.typeHelp.${type}`)}
                </Typography>
              </Box>
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}

/** The survey's questions: add (by type), edit, reorder, duplicate and remove, each with its live preview. */
export function QuestionsEditor({
  questions,
  onChange,
  errors,
  color,
}: {
  questions: QuestionRow[];
  onChange: (questions: QuestionRow[]) => void;
  errors: Errors;
  color: string;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<QuestionRow>) =>
    onChange(questions.map((question, i) => (i === index ? { ...question, ...patch } : question)));
  const listError = errors.questions;
  return (
    <Box data-testid="survey-questions">
      {questions.length === 0 ? (
        <Typography
          variant="body2"
          sx={{ color: listError ? 'error.main' : 'text.secondary', py: 1 }}
          data-invalid={listError ? 'true' : undefined}
          data-testid="survey-questions-empty"
        >
          {listError ?? t('surveys.editor.none')}
        </Typography>
      ) : null}
      {questions.map((question, index) => (
        <QuestionCard
          key={question.uid}
          question={question}
          index={index}
          count={questions.length}
          errors={errors}
          color={color}
          onChange={(patch) => update(index, patch)}
          onLabel={(label) => onChange(relabelQuestion(questions, index, label))}
          onType={(type) => onChange(questions.map((row, i) => (i === index ? retypeQuestion(row, type) : row)))}
          onMove={(delta) => onChange(move(questions, index, delta))}
          onDuplicate={() => onChange(duplicateQuestion(questions, index))}
          onRemove={() => onChange(questions.filter((_, i) => i !== index))}
        />
      ))}
      {questions.length > 0 && listError ? (
        <Typography
          variant="body2"
          sx={{ color: 'error.main', mb: 1 }}
          data-invalid="true"
          data-testid="survey-questions-error"
        >
          {listError}
        </Typography>
      ) : null}
      <AddQuestionButton
        disabled={questions.length >= SURVEY_LIMITS.questions}
        onAdd={(type) =>
          onChange([
            ...questions,
            newQuestion(
              type,
              questions.map((question) => question.key),
            ),
          ])
        }
      />
    </Box>
  );
}
