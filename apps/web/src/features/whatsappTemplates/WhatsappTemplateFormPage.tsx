import './i18n';
import {
  WHATSAPP_BUTTONS_TYPES,
  WHATSAPP_HEADER_TYPES,
  WHATSAPP_TEMPLATE_CATEGORIES,
  WHATSAPP_TEMPLATE_LANGUAGES,
  WHATSAPP_TEMPLATE_LIMITS,
  type WhatsappTemplateBody,
  whatsappTemplateBodySchema,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DeleteIcon from '@mui/icons-material/Delete';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormField } from '../../ui/FormField';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { FORM_GRID, Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import { useCreateWhatsappTemplate, useWhatsappChannels } from './api';
import { WhatsappBubble } from './components';
import {
  type ButtonDraft,
  type ButtonKind,
  type ButtonsType,
  bodyVariables,
  buttonsLimit,
  buttonValueError,
  emptyWhatsappTemplateForm,
  formToBody,
  formToBubble,
  type HeaderType,
  initialButtons,
  insertAt,
  nextCallToAction,
  nextVariable,
  toTemplateName,
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

  const set =
    <K extends keyof WhatsappTemplateFormState>(field: K) =>
    (value: WhatsappTemplateFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  // With a single WhatsApp channel there is nothing to choose.
  useEffect(() => {
    if (channelList.length === 1) {
      const only = channelList[0].id;
      setState((current) => (current.channelId === '' ? { ...current, channelId: only } : current));
    }
  }, [channelList]);

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

  const changeButtonsType = (type: ButtonsType) =>
    setState((current) => ({ ...current, buttonsType: type, buttons: initialButtons(type) }));
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    setConfirming(whatsappTemplateBodySchema.parse(body));
  };

  const send = () => {
    if (!confirming) return;
    const body = confirming;
    setConfirming(null);
    create.mutate(body, {
      onSuccess: (template) => {
        feedback.success(t('whatsappTemplates.created'));
        navigate(`/app/whatsapp-templates/${template.id}/view`);
      },
      onError: (error) => {
        // Meta's refusal or an unreachable Graph API has no field: it stays on the form, not only in a snackbar.
        if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) setSubmitError(error.message);
        feedback.failure(error, form.show);
      },
    });
  };

  const limit = buttonsLimit(state.buttonsType);

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="wa-template-form">
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('whatsappTemplates.help.locked')}
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
            <Box sx={FORM_GRID}>
              <SelectField
                label={t('whatsappTemplates.fields.headerType')}
                value={state.headerType}
                onChange={(value) => set('headerType')(value as HeaderType)}
                options={WHATSAPP_HEADER_TYPES.map((type) => ({
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
              required
              fullWidth
              multiline
              minRows={5}
              label={t('whatsappTemplates.fields.body')}
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
                  {t('whatsappTemplates.help.examples')}
                </Typography>
                {errors.examples ? (
                  <Typography variant="caption" component="p" sx={{ color: 'error.main' }} data-invalid="true">
                    {errors.examples}
                  </Typography>
                ) : null}
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
          </Section>
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
            {errors.buttons ? (
              <Typography variant="caption" component="p" sx={{ color: 'error.main' }} role="alert" data-invalid="true">
                {errors.buttons}
              </Typography>
            ) : null}
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
          startIcon={<SendIcon />}
          disabled={create.isPending}
          data-testid="wa-template-submit"
        >
          {t('whatsappTemplates.submit')}
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

/** /app/whatsapp-templates/add: the template with a live WhatsApp preview, sent to Meta for approval on save. */
export function WhatsappTemplateFormPage() {
  const { t } = useTranslation();
  return (
    <PageContainer maxWidth={1200}>
      <PageHeader title={t('whatsappTemplates.add')} backTo="/app/whatsapp-templates" />
      <WhatsappTemplateForm />
    </PageContainer>
  );
}
