import './i18n';
import { type KbPublicConfig, type KbPublicConfigBody, kbPublicConfigBodySchema } from '@atiende/contracts';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { FormField, SwitchField } from '../../ui/FormField';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { FORM_GRID, Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import { useKbPublicConfig, useSaveKbPublicConfig } from './api';
import { KbTabs } from './layout';
import { contrastText, previewColour, publicConfigToForm } from './model';

const DEFAULT_COLOUR = '#1565c0';

/** A small picture of the public site's header, search and footer with the chosen texts and colour. */
export function PublicSitePreview({ config }: { config: KbPublicConfigBody }) {
  const { t } = useTranslation();
  const colour = previewColour(config.primaryColor, DEFAULT_COLOUR);
  const ink = contrastText(colour);
  return (
    <Paper
      variant="outlined"
      sx={{ overflow: 'hidden', opacity: config.enabled ? 1 : 0.6 }}
      data-testid="kb-public-config-preview"
      aria-label={t('knowledgeBase.publicConfig.preview')}
      role="img"
    >
      <Box sx={{ bgcolor: colour, color: ink, px: 2, py: 1.25, display: 'flex', alignItems: 'center', gap: 1 }}>
        {config.displayLogo ? <MenuBookIcon fontSize="small" data-testid="kb-preview-logo" /> : null}
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }} dir="auto">
          {config.headerTitle || t('knowledgeBase.publicConfig.previewHeader')}
        </Typography>
      </Box>
      <Box sx={{ bgcolor: colour, color: ink, px: 2, pt: 2, pb: 3, textAlign: 'center', opacity: 0.92 }}>
        <Typography variant="h6" sx={{ fontWeight: 700 }} dir="auto">
          {config.searchTitle || t('knowledgeBase.publicConfig.previewSearchTitle')}
        </Typography>
        {config.searchSubtitle ? (
          <Typography variant="body2" dir="auto">
            {config.searchSubtitle}
          </Typography>
        ) : null}
        <Box
          sx={{
            mt: 1.5,
            mx: 'auto',
            maxWidth: 320,
            bgcolor: '#ffffff',
            color: '#5f6368',
            borderRadius: 5,
            px: 1.5,
            py: 0.75,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            textAlign: 'start',
          }}
        >
          <SearchIcon fontSize="small" />
          <Typography variant="body2">{t('knowledgeBase.search.placeholder')}</Typography>
        </Box>
      </Box>
      <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }} dir="auto">
          {config.footerTitle || '—'}
        </Typography>
        {config.displayBusinessInfo ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="kb-preview-business">
            {t('knowledgeBase.publicConfig.previewBusiness')}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}

function PublicConfigForm({ config }: { config: KbPublicConfig }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const save = useSaveKbPublicConfig();
  const editable = can('knowledgebase-editar-articulo');
  const [state, setState] = useState<KbPublicConfigBody>(() => publicConfigToForm(config));
  const form = useFormErrors({ values: state, schema: kbPublicConfigBodySchema });
  const set =
    <K extends keyof KbPublicConfigBody>(field: K) =>
    (value: KbPublicConfigBody[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(kbPublicConfigBodySchema.parse(state), {
      onSuccess: () => feedback.success(t('knowledgeBase.publicConfig.saved')),
      onError: (error) => feedback.failure(error, form.show),
    });
  };

  const text = (field: 'headerTitle' | 'footerTitle' | 'searchTitle' | 'searchSubtitle', max: number) => (
    <FormField
      fullWidth
      name={field}
      label={t(`knowledgeBase.publicConfig.fields.${field}`)}
      value={state[field]}
      onValueChange={set(field)}
      error={form.errors[field]}
      maxLength={max}
      disabled={!editable}
      testId={`kb-public-config-${field}`}
    />
  );

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="kb-public-config-form">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Section title={t('knowledgeBase.publicConfig.site')}>
            <SwitchField
              label={t('knowledgeBase.publicConfig.fields.enabled')}
              checked={state.enabled}
              onChange={set('enabled')}
              disabled={!editable}
              testId="kb-public-config-enabled"
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('knowledgeBase.publicConfig.siteUrl')}
              </Typography>
              <Box component="code" dir="ltr" sx={{ overflowWrap: 'anywhere' }} data-testid="kb-public-config-site-url">
                {config.siteUrl}
              </Box>
              <Button
                size="small"
                component="a"
                href={config.siteUrl}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<OpenInNewIcon />}
                data-testid="kb-public-config-open"
              >
                {t('knowledgeBase.publicConfig.open')}
              </Button>
            </Box>
            {!config.enabled ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('knowledgeBase.publicConfig.disabledHelp')}
              </Alert>
            ) : null}
          </Section>
          <Section title={t('knowledgeBase.publicConfig.texts')}>
            <Box sx={FORM_GRID}>
              {text('headerTitle', 120)}
              {text('footerTitle', 200)}
              {text('searchTitle', 120)}
              {text('searchSubtitle', 200)}
            </Box>
          </Section>
          <Section title={t('knowledgeBase.publicConfig.look')}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <FormField
                type="color"
                label={t('knowledgeBase.publicConfig.fields.colourPicker')}
                value={previewColour(state.primaryColor, DEFAULT_COLOUR).toLowerCase()}
                onValueChange={set('primaryColor')}
                disabled={!editable}
                testId="kb-public-config-color"
                sx={{ width: 110 }}
              />
              <FormField
                name="primaryColor"
                label={t('knowledgeBase.publicConfig.fields.primaryColor')}
                value={state.primaryColor}
                onValueChange={set('primaryColor')}
                error={form.errors.primaryColor}
                helperText={t('knowledgeBase.colourFormat')}
                maxLength={7}
                disabled={!editable}
                testId="kb-public-config-color-hex"
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
                sx={{ width: 200 }}
              />
            </Box>
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <SwitchField
                label={t('knowledgeBase.publicConfig.fields.displayLogo')}
                checked={state.displayLogo}
                onChange={set('displayLogo')}
                disabled={!editable}
                testId="kb-public-config-displayLogo"
              />
              <SwitchField
                label={t('knowledgeBase.publicConfig.fields.displayBusinessInfo')}
                checked={state.displayBusinessInfo}
                onChange={set('displayBusinessInfo')}
                disabled={!editable}
                testId="kb-public-config-displayBusinessInfo"
              />
            </Box>
          </Section>
        </Box>
        <Box sx={{ minWidth: 0, position: { md: 'sticky' }, top: { md: 80 } }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('knowledgeBase.publicConfig.preview')}
          </Typography>
          <PublicSitePreview config={state} />
        </Box>
      </Box>
      {editable ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, my: 2 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending}
            data-testid="kb-public-config-save"
          >
            {t('common.save')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** /app/knowledge-base/public-config: the public site's texts, colour and switches, with a live preview. */
export function KnowledgeBasePublicConfigPage() {
  const { t } = useTranslation();
  const config = useKbPublicConfig();
  return (
    <PageContainer>
      <PageHeader title={t('menu.items.knowledgeBase')} subtitle={t('knowledgeBase.publicConfig.subtitle')} />
      <KbTabs current="public-config" />
      {config.isError && !config.data ? (
        <LoadError error={config.error} onRetry={config.refetch} testId="kb-public-config-error" />
      ) : config.data ? (
        <PublicConfigForm config={config.data} />
      ) : (
        <PageLoader />
      )}
    </PageContainer>
  );
}
