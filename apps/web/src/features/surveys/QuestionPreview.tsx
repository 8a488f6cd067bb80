import type { SurveyOption, SurveyQuestionType } from '@atiende/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isChoiceType, isScaleType, scalePoints } from './model';

export interface PreviewQuestion {
  label: string;
  description: string;
  type: SurveyQuestionType;
  required: boolean;
  options: readonly SurveyOption[];
  levels: number | null;
}

/** A scale's points as buttons (the public page's look): NPS 0..10 with its ends named, CSAT and rating 1..n. */
function ScalePreview({ question, color, testId }: { question: PreviewQuestion; color: string; testId: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const points = scalePoints(question.type, question.levels);
  const ends =
    question.type === 'nps'
      ? [t('surveys.preview.npsLow'), t('surveys.preview.npsHigh')]
      : question.type === 'csat'
        ? [t('surveys.preview.csatLow'), t('surveys.preview.csatHigh')]
        : [t('surveys.preview.ratingLow'), t('surveys.preview.ratingHigh')];
  return (
    <Box>
      {/* Scales read low to high from left to right in every language, as on the public page. */}
      <Box
        dir="ltr"
        role="radiogroup"
        aria-label={question.label || t('surveys.editor.untitled')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
        data-testid={`${testId}-scale`}
      >
        {points.map((point) => {
          const selected = chosen === point;
          return (
            <ButtonBase
              key={point}
              role="radio"
              aria-checked={selected}
              onClick={() => setChosen(selected ? null : point)}
              sx={(theme) => ({
                minWidth: 36,
                height: 36,
                px: 1,
                borderRadius: 1,
                border: 1,
                borderColor: selected ? color : 'divider',
                bgcolor: selected ? color : alpha(color, theme.palette.mode === 'dark' ? 0.16 : 0.06),
                color: selected ? theme.palette.getContrastText(color) : 'text.primary',
                fontWeight: 600,
                fontVariantNumeric: 'tabular-nums',
              })}
            >
              {point}
            </ButtonBase>
          );
        })}
      </Box>
      <Box dir="ltr" sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5, maxWidth: points.length * 40 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {ends[0]}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {ends[1]}
        </Typography>
      </Box>
    </Box>
  );
}

function ChoicePreview({ question, testId }: { question: PreviewQuestion; testId: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const labels = question.options.map((option, index) => option.label || t('surveys.preview.option', { n: index + 1 }));
  if (question.type === 'list' || question.type === 'multilevel') {
    const first = question.options.find((option) => option.label === value);
    const children = question.type === 'multilevel' ? (first?.children ?? []) : [];
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid={`${testId}-select`}>
        <TextField
          select
          size="small"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          label={t('surveys.preview.choose')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">—</MenuItem>
          {question.options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options may repeat labels while being typed.
            <MenuItem key={index} value={option.label}>
              {labels[index]}
            </MenuItem>
          ))}
        </TextField>
        {children.length > 0 ? (
          <TextField
            select
            size="small"
            value=""
            label={t('surveys.preview.chooseChild')}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">—</MenuItem>
            {children.map((child, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <MenuItem key={index} value={child.label}>
                {child.label || t('surveys.preview.option', { n: index + 1 })}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Box>
    );
  }
  const several = question.type === 'checkbox';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }} data-testid={`${testId}-choices`}>
      {labels.map((label, index) => (
        <FormControlLabel
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          key={index}
          label={label}
          control={several ? <Checkbox size="small" /> : <Radio size="small" name={`${testId}-radio`} />}
        />
      ))}
    </Box>
  );
}

const INPUT_TYPES: Partial<Record<SurveyQuestionType, string>> = {
  number: 'number',
  email: 'email',
  phone: 'tel',
};

/** Dates are typed as the API's text on the public page; the preview shows the pattern. */
const DATE_TYPES: readonly SurveyQuestionType[] = ['date', 'time', 'datetime'];

/** How a question looks on the survey's page: its label, description and answer control, in the survey's colour. */
export function QuestionPreview({
  question,
  color,
  testId,
}: {
  question: PreviewQuestion;
  color: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const valid = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#1565c0';
  let control: ReactNode;
  if (isScaleType(question.type)) control = <ScalePreview question={question} color={valid} testId={testId} />;
  else if (isChoiceType(question.type)) control = <ChoicePreview question={question} testId={testId} />;
  else
    control = (
      <Box
        component={question.type === 'textarea' ? 'textarea' : 'input'}
        type={question.type === 'textarea' ? undefined : (INPUT_TYPES[question.type] ?? 'text')}
        aria-label={question.label || t('surveys.editor.untitled')}
        placeholder={
          question.type === 'textarea'
            ? undefined
            : DATE_TYPES.includes(question.type)
              ? t(`surveys.preview.patterns.${question.type}`)
              : t('surveys.preview.answer')
        }
        sx={{
          width: '100%',
          minHeight: question.type === 'textarea' ? 72 : 36,
          px: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          font: 'inherit',
        }}
      />
    );
  return (
    <Box
      sx={{ borderInlineStart: `4px solid ${valid}`, ps: 1.5, py: 0.5 }}
      data-testid={testId}
      aria-label={t('surveys.preview.title')}
      role="group"
    >
      <Typography sx={{ fontWeight: 600, mb: 0.5 }} dir="auto">
        {question.label || t('surveys.editor.untitled')}
        {question.required ? (
          <Box component="span" sx={{ color: 'error.main' }} aria-label={t('surveys.preview.required')}>
            {' *'}
          </Box>
        ) : null}
      </Typography>
      {question.description ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1, whiteSpace: 'pre-wrap' }} dir="auto">
          {question.description}
        </Typography>
      ) : null}
      {control}
    </Box>
  );
}
