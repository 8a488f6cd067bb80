import './i18n';
import {
  quickRepliesDelivery,
  WHATSAPP_BUTTONS_TYPES,
  WHATSAPP_INTERACTIVE_TYPES,
  WHATSAPP_MEDIA_TYPES,
  WHATSAPP_TEMPLATE_CATEGORIES,
  WHATSAPP_TEMPLATE_LANGUAGES,
  WHATSAPP_TEMPLATE_LIMITS,
  WHATSAPP_TEMPLATE_TYPES,
  type WhatsappMediaType,
  type WhatsappTemplateBody,
  type WhatsappTemplateMediaUse,
  type WhatsappTemplateType,
  whatsappMediaRulesOf,
  whatsappTemplateBodySchema,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormField } from '../../ui/FormField';
import { formatFileSize } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { FORM_GRID, Section } from '../../ui/Section';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import { useCreateWhatsappTemplate, useUploadWhatsappTemplateMedia, useWhatsappChannels } from './api';
import { WhatsappBubble } from './components';
import {
  acceptedExtensions,
  type ButtonDraft,
  type ButtonKind,
  type ButtonsType,
  bodyVariables,
  buttonsLimit,
  buttonValueError,
  emptySection,
  emptyWhatsappTemplateForm,
  formMediaUse,
  formToBody,
  formToBubble,
  type HeaderType,
  headerTypesOf,
  type InteractiveType,
  initialButtons,
  insertAt,
  listOptionsCount,
  type MediaDraft,
  mediaFileProblem,
  mediaKindOfUse,
  nextCallToAction,
  nextVariable,
  type SectionDraft,
  toTemplateName,
  updateForm,
  type WhatsappTemplateFormState,
} from './model';

/** A select of fixed options; the test id goes on the hidden input (the e2e opens its combobox). */
function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  helperText,
  testId,
  required,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  options: { value: string | number; label: ReactNode }[];
  error?: string;
  helperText?: string;
  testId: string;
  required?: boolean;
}) {
  return (
    <TextField
      select
      margin="dense"
      required={required}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One button of the template: its action (call to action only), its text and its URL or phone. */
function ButtonRow({
  index,
  button,
  type,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  button: ButtonDraft;
  type: ButtonsType;
  errors: Record<string, string>;
  onChange: (button: ButtonDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const callToAction = type === 'callToAction';
  return (
    <Box
      data-testid={`wa-template-button-${index}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr',
          md: callToAction ? 'minmax(150px, 1fr) minmax(0, 1.2fr) minmax(0, 1.6fr) auto' : 'minmax(0, 1fr) auto',
        },
        columnGap: 1.5,
        alignItems: 'start',
        py: 0.5,
      }}
    >
      {callToAction ? (
        <SelectField
          label={t('whatsappTemplates.fields.buttonKind')}
          value={button.kind}
          onChange={(kind) => onChange({ ...button, kind: kind as ButtonKind, value: '' })}
          options={(['url', 'phone'] as const).map((kind) => ({
            value: kind,
            label: t(`whatsappTemplates.buttonKinds.${kind}`),
          }))}
          testId={`wa-template-button-kind-${index}`}
        />
      ) : null}
      <FormField
        required
        label={t('whatsappTemplates.fields.buttonText')}
        value={button.text}
        onValueChange={(text) => onChange({ ...button, text })}
        error={errors[`buttons.${index}.text`]}
        helperText={<bdi>{`${button.text.length}/${WHATSAPP_TEMPLATE_LIMITS.buttonText}`}</bdi>}
        maxLength={WHATSAPP_TEMPLATE_LIMITS.buttonText}
        testId={`wa-template-button-text-${index}`}
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      {callToAction ? (
        <FormField
          required
          type={button.kind === 'url' ? 'url' : 'tel'}
          label={t(button.kind === 'url' ? 'whatsappTemplates.fields.url' : 'whatsappTemplates.fields.phone')}
          value={button.value}
          onValueChange={(value) => onChange({ ...button, value })}
          error={buttonValueError(errors, index)}
          // Isolated: the https:// and + of these hints would otherwise move in a right-to-left page.
          helperText={
            <bdi>{t(button.kind === 'url' ? 'whatsappTemplates.help.url' : 'whatsappTemplates.help.phone')}</bdi>
          }
          maxLength={button.kind === 'url' ? 2000 : 20}
          testId={`wa-template-button-value-${index}`}
          // URLs and phone numbers read left to right in any language.
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
      ) : null}
      <Tooltip title={t('whatsappTemplates.removeButton', { number: index + 1 })}>
        <IconButton
          onClick={onRemove}
          aria-label={t('whatsappTemplates.removeButton', { number: index + 1 })}
          data-testid={`wa-template-button-remove-${index}`}
          sx={{ mt: { xs: 0, md: 1.5 }, justifySelf: 'end' }}
        >
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** An error of a group of fields (a list, the file): a caption the first-error finder reaches too. */
function GroupError({ message, testId }: { message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Typography
      variant="caption"
      component="p"
      sx={{ color: 'error.main' }}
      role="alert"
      data-invalid="true"
      data-testid={testId}
    >
      {message}
    </Typography>
  );
}

/** "n/max": how many of the allowed rows are used. */
function Counter({ count, max, testId }: { count: number; max: number; testId: string }) {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ color: count > max ? 'error.main' : 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
      data-testid={testId}
    >
      <bdi>{`${count}/${max}`}</bdi>
    </Typography>
  );
}

/** Stays out of sight but reachable by its label (the picker's button opens it). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The template's file: picked, checked against its use's rules here (type and size) and uploaded at once; then its
 * name and size, a small preview of an image or video, and buttons to replace or remove it.
 */
function MediaPicker({
  use,
  media,
  onChange,
  error,
}: {
  use: WhatsappTemplateMediaUse;
  media: MediaDraft | null;
  onChange: (media: MediaDraft | null) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const upload = useUploadWhatsappTemplateMedia();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const rules = whatsappMediaRulesOf(use);
  const kind = mediaKindOfUse(use);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const found = mediaFileProblem(file, use);
    if (found) {
      setProblem(t(found.key, found.values));
      return;
    }
    setProblem(null);
    setUploading(true);
    upload.mutate(
      { file, use },
      {
        onSuccess: (uploaded) => {
          setUploading(false);
          const localUrl = kind === 'document' ? null : URL.createObjectURL(file);
          onChange({ ...uploaded, localUrl });
        },
        onError: (failure) => {
          setUploading(false);
          const fields = failure instanceof ApiError ? failure.fields : {};
          setProblem(fields.file ?? fields.use ?? failure.message);
          feedback.failure(failure);
        },
      },
    );
  };

  const shown = problem ?? error;
  return (
    <Box sx={{ mt: 1 }} data-testid="wa-template-media">
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        accept={rules.contentTypes.join(',')}
        aria-label={t('whatsappTemplates.fields.file')}
        aria-describedby={helpId}
        data-testid="wa-template-file"
        style={VISUALLY_HIDDEN}
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        {media?.localUrl && kind === 'image' ? (
          <Box
            component="img"
            src={media.localUrl}
            alt={media.filename}
            sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : null}
        {media?.localUrl && kind === 'video' ? (
          <Box
            component="video"
            src={media.localUrl}
            muted
            preload="metadata"
            aria-label={media.filename}
            sx={{ width: 120, height: 72, borderRadius: 1, bgcolor: '#000' }}
          />
        ) : null}
        {media ? (
          <Box sx={{ minWidth: 0, flex: '1 1 160px' }} data-testid="wa-template-media-file">
            <Typography component="bdi" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {media.filename}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatFileSize(media.size, i18n.language)}
            </Typography>
          </Box>
        ) : null}
        <Button
          variant="outlined"
          size="small"
          startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-describedby={helpId}
          data-testid="wa-template-file-pick"
        >
          {t(
            uploading
              ? 'whatsappTemplates.media.uploading'
              : media
                ? 'whatsappTemplates.media.replace'
                : `whatsappTemplates.media.pick.${kind}`,
          )}
        </Button>
        {media ? (
          <Tooltip title={t('whatsappTemplates.media.remove', { name: media.filename })}>
            <IconButton
              onClick={() => onChange(null)}
              aria-label={t('whatsappTemplates.media.remove', { name: media.filename })}
              data-testid="wa-template-file-remove"
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <Typography id={helpId} variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('whatsappTemplates.media.rules', {
          types: acceptedExtensions(use),
          max: Math.round(rules.maxBytes / 1024 / 1024),
        })}
      </Typography>
      <GroupError message={shown ?? undefined} testId="wa-template-media-error" />
    </Box>
  );
}

/**
 * An editable list of short texts (quick replies, reply buttons): one field each, removable, and a button that
 * adds one until the limit.
 */
function OptionsEditor({
  values,
  onChange,
  max,
  maxLength,
  label,
  addLabel,
  removeLabel,
  errors,
  field,
  testId,
  hint,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  max: number;
  maxLength: number;
  label: (number: number) => string;
  addLabel: string;
  removeLabel: (number: number) => string;
  errors: Record<string, string>;
  field: string;
  testId: string;
  hint?: ReactNode;
}) {
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ flex: '1 1 200px', color: 'text.secondary' }}>{hint}</Box>
        <Counter count={values.length} max={max} testId={`${testId}-count`} />
      </Box>
      <GroupError message={errors[field]} testId={`${testId}-error`} />
      {values.map((value, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id; their order is their identity.
          key={index}
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 1, alignItems: 'start' }}
        >
          <FormField
            required
            label={label(index + 1)}
            value={value}
            onValueChange={(text) => onChange(values.map((item, at) => (at === index ? text : item)))}
            error={errors[`${field}.${index}`]}
            maxLength={maxLength}
            testId={`${testId}-${index}`}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <Tooltip title={removeLabel(index + 1)}>
            <IconButton
              onClick={() => onChange(values.filter((_, at) => at !== index))}
              aria-label={removeLabel(index + 1)}
              data-testid={`${testId}-remove-${index}`}
              sx={{ mt: 1.5 }}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => onChange([...values, ''])}
        disabled={values.length >= max}
        data-testid={`${testId}-add`}
        sx={{ mt: 0.5 }}
      >
        {addLabel}
      </Button>
    </Box>
  );
}

/** An interactive list: the label of the button that opens it, its sections and their options (10 in all). */
function ListEditor({
  listButton,
  sections,
  onListButton,
  onSections,
  errors,
}: {
  listButton: string;
  sections: SectionDraft[];
  onListButton: (value: string) => void;
  onSections: (sections: SectionDraft[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const total = listOptionsCount(sections);
  const full = total >= WHATSAPP_TEMPLATE_LIMITS.listOptions;
  const setSection = (index: number, section: SectionDraft) =>
    onSections(sections.map((item, at) => (at === index ? section : item)));
  return (
    <Box data-testid="wa-template-list">
      <FormField
        required
        label={t('whatsappTemplates.fields.listButton')}
        value={listButton}
        onValueChange={onListButton}
        error={errors.listButton}
        helperText={t('whatsappTemplates.help.listButton')}
        maxLength={WHATSAPP_TEMPLATE_LIMITS.listButton}
        testId="wa-template-listButton"
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 200px' }}>
          {t('whatsappTemplates.help.list', { max: WHATSAPP_TEMPLATE_LIMITS.listOptions })}
        </Typography>
        <Counter count={total} max={WHATSAPP_TEMPLATE_LIMITS.listOptions} testId="wa-template-list-count" />
      </Box>
      <GroupError message={errors.sections} testId="wa-template-sections-error" />
      {sections.map((section, sectionIndex) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is their identity.
          key={sectionIndex}
          component="fieldset"
          data-testid={`wa-template-section-${sectionIndex}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 1, mt: 1.5, minWidth: 0 }}
        >
          <Box component="legend" sx={{ px: 0.5, typography: 'subtitle2' }}>
            {t('whatsappTemplates.section', { number: sectionIndex + 1 })}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 1, alignItems: 'start' }}>
            <FormField
              label={t('whatsappTemplates.fields.sectionTitle')}
              value={section.title}
              onValueChange={(title) => setSection(sectionIndex, { ...section, title })}
              error={errors[`sections.${sectionIndex}.title`]}
              helperText={sections.length > 1 ? undefined : t('whatsappTemplates.help.sectionTitle')}
              required={sections.length > 1}
              maxLength={WHATSAPP_TEMPLATE_LIMITS.sectionTitle}
              testId={`wa-template-section-title-${sectionIndex}`}
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
            <Tooltip title={t('whatsappTemplates.removeSection', { number: sectionIndex + 1 })}>
              <span>
                <IconButton
                  onClick={() => onSections(sections.filter((_, at) => at !== sectionIndex))}
                  disabled={sections.length <= 1}
                  aria-label={t('whatsappTemplates.removeSection', { number: sectionIndex + 1 })}
                  data-testid={`wa-template-section-remove-${sectionIndex}`}
                  sx={{ mt: 1.5 }}
                >
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
          <GroupError message={errors[`sections.${sectionIndex}.options`]} />
          {section.options.map((option, optionIndex) => {
            const path = `sections.${sectionIndex}.options.${optionIndex}`;
            const at = `${sectionIndex}-${optionIndex}`;
            const setOption = (change: Partial<typeof option>) =>
              setSection(sectionIndex, {
                ...section,
                options: section.options.map((item, index) => (index === optionIndex ? { ...item, ...change } : item)),
              });
            return (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their order is their identity.
                key={optionIndex}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'minmax(0, 1fr) minmax(0, 1.4fr) auto' },
                  columnGap: 1,
                  alignItems: 'start',
                }}
              >
                <FormField
                  required
                  label={t('whatsappTemplates.fields.optionTitle', { number: optionIndex + 1 })}
                  value={option.title}
                  onValueChange={(title) => setOption({ title })}
                  error={errors[`${path}.title`]}
                  maxLength={WHATSAPP_TEMPLATE_LIMITS.optionTitle}
                  testId={`wa-template-option-title-${at}`}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                />
                <FormField
                  label={t('whatsappTemplates.fields.optionDescription', { number: optionIndex + 1 })}
                  value={option.description}
                  onValueChange={(description) => setOption({ description })}
                  error={errors[`${path}.description`]}
                  maxLength={WHATSAPP_TEMPLATE_LIMITS.optionDescription}
                  testId={`wa-template-option-description-${at}`}
                  sx={{ gridRow: { xs: 2, md: 'auto' } }}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                />
                <Tooltip
                  title={t('whatsappTemplates.removeOption', { number: optionIndex + 1, section: sectionIndex + 1 })}
                >
                  <span>
                    <IconButton
                      onClick={() =>
                        setSection(sectionIndex, {
                          ...section,
                          options: section.options.filter((_, index) => index !== optionIndex),
                        })
                      }
                      disabled={section.options.length <= 1}
                      aria-label={t('whatsappTemplates.removeOption', {
                        number: optionIndex + 1,
                        section: sectionIndex + 1,
                      })}
                      data-testid={`wa-template-option-remove-${at}`}
                      sx={{ mt: 1.5 }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            );
          })}
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              setSection(sectionIndex, { ...section, options: [...section.options, { title: '', description: '' }] })
            }
            disabled={full}
            data-testid={`wa-template-option-add-${sectionIndex}`}
          >
            {t('whatsappTemplates.addOption')}
          </Button>
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => onSections([...sections, emptySection()])}
        disabled={full || sections.length >= WHATSAPP_TEMPLATE_LIMITS.listSections}
        data-testid="wa-template-section-add"
        sx={{ mt: 1 }}
      >
        {t('whatsappTemplates.addSection')}
      </Button>
    </Box>
  );
}

function WhatsappTemplateForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const create = useCreateWhatsappTemplate();
  const channels = useWhatsappChannels({ enabledOnly: true });
  const [state, setState] = useState<WhatsappTemplateFormState>(() => emptyWhatsappTemplateForm(i18n.language));
  const body = useMemo(() => formToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: whatsappTemplateBodySchema });
  const { errors } = form;
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<WhatsappTemplateBody | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const variables = useMemo(() => bodyVariables(state.body), [state.body]);
  const bubble = useMemo(() => formToBubble(state), [state]);
  const channelList = channels.data ?? [];
  const isTemplate = state.type === 'template';
  const mediaUse = formMediaUse(state);
  const hasBody = !(state.type === 'media' && state.mediaType === 'audio');
  const hasFooter = state.type === 'template' || state.type === 'interactive';
  const headerTypes = headerTypesOf(state.type);

  const update = (change: Partial<WhatsappTemplateFormState>) => setState((current) => updateForm(current, change));
  const set =
    <K extends keyof WhatsappTemplateFormState>(field: K) =>
    (value: WhatsappTemplateFormState[K]) =>
      update({ [field]: value } as Partial<WhatsappTemplateFormState>);

  // With a single WhatsApp channel there is nothing to choose.
  useEffect(() => {
    if (channelList.length === 1) {
      const only = channelList[0].id;
      setState((current) => (current.channelId === '' ? { ...current, channelId: only } : current));
    }
  }, [channelList]);

  // The picked file's local preview goes with it (replaced, removed, or the form left).
  const localUrl = state.media?.localUrl ?? null;
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  // After a variable is inserted, the cursor goes right after it.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = bodyRef.current;
    if (caret === null || !input) return;
    pendingCaret.current = null;
    input.focus();
    input.setSelectionRange(caret, caret);
  });

  const insertVariable = () => {
    const input = bodyRef.current;
    const next = insertAt(state.body, input?.selectionStart, input?.selectionEnd, `{{${nextVariable(state.body)}}}`);
    pendingCaret.current = next.caret;
    set('body')(next.text);
  };

  const changeButtonsType = (type: ButtonsType) => update({ buttonsType: type, buttons: initialButtons(type) });
  const changeButton = (index: number, button: ButtonDraft) =>
    setState((current) => ({ ...current, buttons: current.buttons.map((item, at) => (at === index ? button : item)) }));
  const removeButton = (index: number) =>
    setState((current) => ({ ...current, buttons: current.buttons.filter((_, at) => at !== index) }));
  const addButton = () =>
    setState((current) => ({
      ...current,
      buttons: [
        ...current.buttons,
        current.buttonsType === 'callToAction'
          ? nextCallToAction(current.buttons)
          : { kind: 'quickReply', text: '', value: '' },
      ],
    }));

  const save = (parsed: WhatsappTemplateBody) => {
    create.mutate(parsed, {
      onSuccess: (template) => {
        feedback.success(t(template.type === 'template' ? 'whatsappTemplates.created' : 'whatsappTemplates.saved'));
        navigate(`/app/whatsapp-templates/${template.id}/view`);
      },
      onError: (error) => {
        // Meta's refusal or an unreachable Graph API has no field: it stays on the form, not only in a snackbar.
        if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) setSubmitError(error.message);
        feedback.failure(error, form.show);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    const parsed = whatsappTemplateBodySchema.parse(body);
    // A message template goes to Meta and cannot change after: confirmed first. Chat types are saved at once.
    if (parsed.type === 'template') setConfirming(parsed);
    else save(parsed);
  };

  const send = () => {
    if (!confirming) return;
    const parsed = confirming;
    setConfirming(null);
    save(parsed);
  };

  const limit = buttonsLimit(state.buttonsType);
  const mediaError = errors.media ?? errors['media.key'] ?? errors['media.filename'];
  const quickDelivery = quickRepliesDelivery(state.quickReplies.length);

  const bodyField = (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 260px' }}>
          <bdi>{t('whatsappTemplates.help.body', { first: '{{1}}', second: '{{2}}' })}</bdi>
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DataObjectIcon />}
          // Keep the focus (and the selection) in the message while clicking.
          onMouseDown={(event) => event.preventDefault()}
          onClick={insertVariable}
          disabled={variables.length >= WHATSAPP_TEMPLATE_LIMITS.variables}
          data-testid="wa-template-insert-variable"
        >
          <bdi>{t('whatsappTemplates.insertVariable', { variable: `{{${nextVariable(state.body)}}}` })}</bdi>
        </Button>
      </Box>
      <FormField
        required={state.type !== 'media'}
        fullWidth
        multiline
        minRows={state.type === 'media' ? 3 : 5}
        label={t(state.type === 'media' ? 'whatsappTemplates.fields.caption' : 'whatsappTemplates.fields.body')}
        value={state.body}
        onValueChange={set('body')}
        inputRef={bodyRef}
        error={errors.body}
        helperText={
          <bdi>
            {t('whatsappTemplates.help.characters', {
              count: state.body.length,
              max: WHATSAPP_TEMPLATE_LIMITS.body,
            })}
          </bdi>
        }
        maxLength={WHATSAPP_TEMPLATE_LIMITS.body}
        testId="wa-template-body"
        // The message follows its own writing direction, whatever the page's.
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      {variables.length > 0 ? (
        <Box sx={{ mt: 1.5 }} data-testid="wa-template-examples">
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
            {t('whatsappTemplates.fields.examples')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(isTemplate ? 'whatsappTemplates.help.examples' : 'whatsappTemplates.help.chatExamples')}
          </Typography>
          <GroupError message={errors.examples} />
          <Box sx={FORM_GRID}>
            {variables.map((number, index) => (
              <FormField
                key={number}
                required
                label={t('whatsappTemplates.fields.example', { variable: `{{${number}}}` })}
                value={state.examples[number] ?? ''}
                onValueChange={(value) =>
                  setState((current) => ({ ...current, examples: { ...current.examples, [number]: value } }))
                }
                error={errors[`examples.${index}`]}
                maxLength={200}
                testId={`wa-template-example-${number}`}
                slotProps={{ htmlInput: { dir: 'auto' } }}
              />
            ))}
          </Box>
        </Box>
      ) : null}
    </>
  );

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="wa-template-form">
      <Alert severity="info" sx={{ mb: 2 }} data-testid="wa-template-type-help">
        {t(isTemplate ? 'whatsappTemplates.help.locked' : 'whatsappTemplates.help.session')}
      </Alert>
      {channels.isSuccess && channelList.length === 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="wa-template-no-channels">
          {t('whatsappTemplates.noChannels')}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(280px, 360px)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Section title={t('whatsappTemplates.sections.general')}>
            <Box sx={FORM_GRID}>
              <SelectField
                required
                label={t('whatsappTemplates.fields.type')}
                value={state.type}
                onChange={(value) => set('type')(value as WhatsappTemplateType)}
                options={WHATSAPP_TEMPLATE_TYPES.map((type) => ({
                  value: type,
                  label: t(`whatsappTemplates.types.${type}`),
                }))}
                error={errors.type}
                helperText={t(`whatsappTemplates.typeHelp.${state.type}`)}
                testId="wa-template-type"
              />
              <SelectField
                required
                label={t('whatsappTemplates.fields.channel')}
                value={state.channelId}
                onChange={(value) => set('channelId')(value === '' ? '' : Number(value))}
                options={channelList.map((channel) => ({ value: channel.id, label: channel.name }))}
                error={errors.channelId}
                testId="wa-template-channel"
              />
              <FormField
                required
                label={t('whatsappTemplates.fields.name')}
                value={state.name}
                onValueChange={(value) => set('name')(toTemplateName(value))}
                error={errors.name}
                helperText={t('whatsappTemplates.help.name')}
                maxLength={WHATSAPP_TEMPLATE_LIMITS.name}
                testId="wa-template-name"
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
              />
              {isTemplate ? (
                <SelectField
                  required
                  label={t('whatsappTemplates.fields.category')}
                  value={state.category}
                  onChange={(value) => set('category')(value as WhatsappTemplateFormState['category'])}
                  options={WHATSAPP_TEMPLATE_CATEGORIES.map((category) => ({
                    value: category,
                    label: t(`whatsappTemplates.categories.${category}`),
                  }))}
                  error={errors.category}
                  helperText={t(`whatsappTemplates.categoryHelp.${state.category}`)}
                  testId="wa-template-category"
                />
              ) : null}
              <SelectField
                required
                label={t('whatsappTemplates.fields.language')}
                value={state.language}
                onChange={(value) => set('language')(value as WhatsappTemplateFormState['language'])}
                options={WHATSAPP_TEMPLATE_LANGUAGES.map((language) => ({
                  value: language,
                  label: t(`whatsappTemplates.languages.${language}`),
                }))}
                error={errors.language}
                testId="wa-template-language"
              />
            </Box>
          </Section>
          <Section title={t('whatsappTemplates.sections.content')}>
            {state.type === 'interactive' ? (
              <Box sx={{ mb: 1 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
                  {t('whatsappTemplates.fields.interactiveType')}
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  color="primary"
                  value={state.interactiveType}
                  onChange={(_, value: InteractiveType | null) => {
                    if (value) set('interactiveType')(value);
                  }}
                  aria-label={t('whatsappTemplates.fields.interactiveType')}
                  data-testid="wa-template-interactiveType"
                >
                  {WHATSAPP_INTERACTIVE_TYPES.map((type) => (
                    <ToggleButton key={type} value={type} data-testid={`wa-template-interactiveType-${type}`}>
                      {t(`whatsappTemplates.interactiveTypes.${type}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                <GroupError message={errors.interactiveType} />
              </Box>
            ) : null}
            {state.type === 'media' ? (
              <Box sx={FORM_GRID}>
                <SelectField
                  required
                  label={t('whatsappTemplates.fields.mediaType')}
                  value={state.mediaType}
                  onChange={(value) => set('mediaType')(value as WhatsappMediaType)}
                  options={WHATSAPP_MEDIA_TYPES.map((type) => ({
                    value: type,
                    label: t(`whatsappTemplates.mediaTypes.${type}`),
                  }))}
                  error={errors.mediaType}
                  testId="wa-template-mediaType"
                />
              </Box>
            ) : null}
            {headerTypes.length > 1 ? (
              <Box sx={FORM_GRID}>
                <SelectField
                  label={t('whatsappTemplates.fields.headerType')}
                  value={state.headerType}
                  onChange={(value) => set('headerType')(value as HeaderType)}
                  options={headerTypes.map((type) => ({
                    value: type,
                    label: t(`whatsappTemplates.headerTypes.${type}`),
                  }))}
                  error={errors.headerType}
                  testId="wa-template-headerType"
                />
                {state.headerType === 'text' ? (
                  <FormField
                    required
                    label={t('whatsappTemplates.fields.headerText')}
                    value={state.headerText}
                    onValueChange={set('headerText')}
                    error={errors.headerText}
                    helperText={t('whatsappTemplates.help.headerText', { max: WHATSAPP_TEMPLATE_LIMITS.headerText })}
                    maxLength={WHATSAPP_TEMPLATE_LIMITS.headerText}
                    testId="wa-template-headerText"
                    slotProps={{ htmlInput: { dir: 'auto' } }}
                  />
                ) : null}
              </Box>
            ) : null}
            {mediaUse ? (
              <MediaPicker
                // Another use starts over (an upload still running for the old one is dropped with it).
                key={mediaUse}
                use={mediaUse}
                media={state.media}
                onChange={set('media')}
                error={mediaError}
              />
            ) : null}
            {hasBody ? bodyField : null}
            {hasFooter ? (
              <FormField
                fullWidth
                label={t('whatsappTemplates.fields.footer')}
                value={state.footer}
                onValueChange={set('footer')}
                error={errors.footer}
                helperText={t('whatsappTemplates.help.footer')}
                maxLength={WHATSAPP_TEMPLATE_LIMITS.footer}
                testId="wa-template-footer"
                sx={{ mt: 1.5 }}
                slotProps={{ htmlInput: { dir: 'auto' } }}
              />
            ) : null}
          </Section>
          {isTemplate ? (
            <Section title={t('whatsappTemplates.sections.buttons')} testId="wa-template-buttons">
              <Box sx={FORM_GRID}>
                <SelectField
                  label={t('whatsappTemplates.fields.buttonsType')}
                  value={state.buttonsType}
                  onChange={(value) => changeButtonsType(value as ButtonsType)}
                  options={WHATSAPP_BUTTONS_TYPES.map((type) => ({
                    value: type,
                    label: t(`whatsappTemplates.buttonsTypes.${type}`),
                  }))}
                  error={errors.buttonsType}
                  helperText={limit ? t('whatsappTemplates.help.buttons', { max: limit }) : undefined}
                  testId="wa-template-buttonsType"
                />
              </Box>
              <GroupError message={errors.buttons} />
              {state.buttons.map((button, index) => (
                <ButtonRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their order is their identity.
                  key={index}
                  index={index}
                  button={button}
                  type={state.buttonsType}
                  errors={errors}
                  onChange={(next) => changeButton(index, next)}
                  onRemove={() => removeButton(index)}
                />
              ))}
              {state.buttonsType !== 'none' ? (
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={addButton}
                  disabled={state.buttons.length >= limit}
                  data-testid="wa-template-button-add"
                  sx={{ mt: 0.5 }}
                >
                  {t('whatsappTemplates.addButton')}
                </Button>
              ) : null}
            </Section>
          ) : null}
          {state.type === 'text' ? (
            <Section title={t('whatsappTemplates.sections.quickReplies')}>
              <OptionsEditor
                values={state.quickReplies}
                onChange={set('quickReplies')}
                max={WHATSAPP_TEMPLATE_LIMITS.chatQuickReplies}
                // Up to three go out as reply buttons, whose titles are this long at most.
                maxLength={WHATSAPP_TEMPLATE_LIMITS.replyButtonText}
                label={(number) => t('whatsappTemplates.fields.quickReply', { number })}
                addLabel={t('whatsappTemplates.addQuickReply')}
                removeLabel={(number) => t('whatsappTemplates.removeQuickReply', { number })}
                errors={errors}
                field="quickReplies"
                testId="wa-template-quickReplies"
                hint={
                  <Typography variant="body2" component="span" data-testid="wa-template-quickReplies-delivery">
                    {t(`whatsappTemplates.delivery.${quickDelivery}`)}
                  </Typography>
                }
              />
            </Section>
          ) : null}
          {state.type === 'interactive' ? (
            <Section
              title={t(
                state.interactiveType === 'list'
                  ? 'whatsappTemplates.sections.list'
                  : 'whatsappTemplates.sections.replyButtons',
              )}
            >
              {state.interactiveType === 'list' ? (
                <ListEditor
                  listButton={state.listButton}
                  sections={state.sections}
                  onListButton={set('listButton')}
                  onSections={set('sections')}
                  errors={errors}
                />
              ) : (
                <OptionsEditor
                  values={state.replyButtons}
                  onChange={set('replyButtons')}
                  max={WHATSAPP_TEMPLATE_LIMITS.replyButtons}
                  maxLength={WHATSAPP_TEMPLATE_LIMITS.replyButtonText}
                  label={(number) => t('whatsappTemplates.fields.replyButton', { number })}
                  addLabel={t('whatsappTemplates.addButton')}
                  removeLabel={(number) => t('whatsappTemplates.removeButton', { number })}
                  errors={errors}
                  field="replyButtons"
                  testId="wa-template-replyButtons"
                  hint={
                    <Typography variant="body2" component="span">
                      {t('whatsappTemplates.help.buttons', { max: WHATSAPP_TEMPLATE_LIMITS.replyButtons })}
                    </Typography>
                  }
                />
              )}
            </Section>
          ) : null}
        </Box>
        <Box sx={{ minWidth: 0, position: { md: 'sticky' }, top: { md: 80 } }}>
          <Section title={t('whatsappTemplates.sections.preview')}>
            <WhatsappBubble content={bubble} testId="wa-template-preview" />
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('whatsappTemplates.preview.help')}
            </Typography>
          </Section>
        </Box>
      </Box>
      {submitError ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="wa-template-submit-error">
          {submitError}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={
            create.isPending ? <CircularProgress size={16} color="inherit" /> : isTemplate ? <SendIcon /> : <SaveIcon />
          }
          disabled={create.isPending}
          data-testid="wa-template-submit"
        >
          {t(isTemplate ? 'whatsappTemplates.submit' : 'whatsappTemplates.save')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming !== null}
        title={t('whatsappTemplates.confirm.title')}
        message={t('whatsappTemplates.confirm.message')}
        confirmLabel={t('whatsappTemplates.confirm.accept')}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      />
    </Box>
  );
}

/**
 * /app/whatsapp-templates/add: the template with a live WhatsApp preview. A message template is sent to Meta for
 * approval on save; a chat type (text, media, interactive) is saved ready to send inside the 24-hour window.
 */
export function WhatsappTemplateFormPage() {
  const { t } = useTranslation();
  return (
    <PageContainer maxWidth={1200}>
      <PageHeader title={t('whatsappTemplates.add')} backTo="/app/whatsapp-templates" />
      <WhatsappTemplateForm />
    </PageContainer>
  );
}
