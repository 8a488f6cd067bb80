import { type Business, THEME_COLORS, updateBusinessBodySchema } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { INTEGRATION_ICONS } from '../../app/menu';
import { primaryMain } from '../../app/palette';
import { queryKeys, useBusiness, usePermissions } from '../../app/queries';
import { FormField, SwitchField } from '../../ui/FormField';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDraft } from '../../ui/useDraft';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuditHistory } from '../audit/AuditHistory';
import { auditKeys } from '../audit/keys';
import { useCatalogueOptions } from '../catalogues/api';
import { useRoles } from '../permissions/api';
import { roleLabel } from '../permissions/roleLabel';
import {
  type BusinessFormState,
  businessToForm,
  CONFIG_SWITCHES,
  formToBusinessBody,
  type IntegrationRow,
  newRowKey,
  type TEXT_FIELDS,
} from './businessForm';
import { DialogflowSettings } from './DialogflowSettings';

/** The time zones this browser knows (IANA names), for the business's time zone. */
const TIME_ZONES: string[] = (() => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  return supported && supported.length > 0 ? [...new Set(['UTC', ...supported])] : ['UTC', 'America/Bogota'];
})();

export const EDIT_BUSINESS = 'editar-perfil-empresa';

export const businessKeys = { profile: queryKeys.business, audit: auditKeys.of('empresa/audit') };

function Section({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 } as const;

/** /app/business-profile: the business profile form (read-only without editar-perfil-empresa). */
export function BusinessProfilePage() {
  const { t } = useTranslation();
  const business = useBusiness();
  if (business.isLoading) return <PageLoader />;
  if (!business.data) {
    return (
      <PageContainer>
        <Alert severity="error">{t('errors.unexpected')}</Alert>
      </PageContainer>
    );
  }
  // One form for the page's life: a new version of the business (a logo upload, a colleague's save) updates the
  // fields the user has not edited and keeps what they typed (useDraft).
  return <BusinessForm business={business.data} />;
}

function BusinessForm({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const readOnly = !can(EDIT_BUSINESS);
  const client = useQueryClient();
  const feedback = useApiFeedback();
  const fromServer = useMemo(() => businessToForm(business), [business]);
  const [state, setState] = useDraft<BusinessFormState>(fromServer);
  const body = useMemo(() => formToBusinessBody(state), [state]);
  const form = useFormErrors({ values: body, schema: updateBusinessBodySchema });
  const { errors } = form;
  const identificationTypes = useCatalogueOptions('tipo-documento');
  const roles = useRoles(can('ver-lista-roles|editar-permisos-roles'));
  const swatches = useMemo(() => THEME_COLORS.map((color) => ({ color, main: primaryMain(color, 'light') })), []);

  const onSaved = (saved: Business) => {
    client.setQueryData(queryKeys.business, saved);
    void client.invalidateQueries({ queryKey: queryKeys.business });
    void client.invalidateQueries({ queryKey: businessKeys.audit });
  };
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof formToBusinessBody>) => unwrap(api.put<Business>('empresa', body)),
    onSuccess: onSaved,
  });
  const logo = useMutation({
    mutationFn: (file: File) => unwrap(api.upload<Business>('empresa/logo', file)),
    onSuccess: onSaved,
  });

  const set = <K extends keyof BusinessFormState>(field: K, value: BusinessFormState[K]) =>
    setState((current) => ({ ...current, [field]: value }));
  const setConfig = <K extends keyof BusinessFormState['configuracion']>(
    field: K,
    value: BusinessFormState['configuracion'][K],
  ) => setState((current) => ({ ...current, configuracion: { ...current.configuracion, [field]: value } }));
  const setRow = (index: number, patch: Partial<IntegrationRow>) =>
    setState((current) => ({
      ...current,
      integraciones: current.integraciones.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        // Everything was sent: the form shows the business as stored.
        setState(businessToForm(saved));
        feedback.success(t('business.saved'));
      },
      onError: (error) => feedback.failure(error, form.show),
    });
  };

  const typeOptions = (identificationTypes.data?.data ?? []).map((entry) => ({
    value: entry.abbr ?? entry.name,
    label: entry.abbr ? `${entry.abbr} — ${entry.name}` : entry.name,
  }));
  if (state.identificationType && !typeOptions.some((option) => option.value === state.identificationType)) {
    typeOptions.push({ value: state.identificationType, label: state.identificationType });
  }
  const roleNames = new Set([
    ...(roles.data ?? []).map((role) => role.name),
    ...state.integraciones.flatMap((row) => row.roles),
  ]);
  const roleLabels = new Map((roles.data ?? []).map((role) => [role.name, roleLabel(role, t)]));
  const text = (field: (typeof TEXT_FIELDS)[number] | 'nombre', extra: { type?: string; required?: boolean } = {}) => (
    <FormField
      label={t(`business.fields.${field}`)}
      value={state[field]}
      onValueChange={(value) => set(field, value)}
      error={errors[field]}
      disabled={readOnly}
      testId={`business-field-${field}`}
      {...extra}
    />
  );

  return (
    <PageContainer maxWidth={1040}>
      <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="business-form">
        <PageHeader
          title={t('menu.items.businessProfile')}
          actions={
            readOnly ? null : (
              <Button
                type="submit"
                variant="contained"
                startIcon={<SaveIcon />}
                disabled={save.isPending}
                data-testid="business-save"
              >
                {t('common.save')}
              </Button>
            )
          }
        />
        {readOnly ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="business-readonly">
            {t('business.readOnly')}
          </Alert>
        ) : null}
        <Section title={t('business.sections.general')}>
          <Box sx={GRID}>
            {text('nombre', { required: true })}
            <TextField
              select
              margin="dense"
              label={t('business.fields.identificationType')}
              value={state.identificationType}
              onChange={(event) => set('identificationType', event.target.value)}
              disabled={readOnly}
              error={Boolean(errors.identificationType)}
              helperText={errors.identificationType}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'business-identification-type' } as object },
              }}
            >
              <MenuItem value="">
                <em>{t('common.none')}</em>
              </MenuItem>
              {typeOptions.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            {text('identificationNumber')}
            {text('address')}
            {text('city')}
            {text('phone', { type: 'tel' })}
          </Box>
        </Section>
        <Section title={t('business.sections.contact')}>
          <Box sx={GRID}>
            {text('contactName')}
            {text('contactPhone', { type: 'tel' })}
            {text('contactEmail', { type: 'email' })}
          </Box>
        </Section>
        <Section title={t('business.sections.logo')}>
          <ImageUpload
            variant="logo"
            src={business.logo}
            alt={business.nombre}
            disabled={readOnly}
            testId="business-logo-input"
            onUpload={async (file) => {
              try {
                await logo.mutateAsync(file);
                feedback.success(t('business.logoSaved'));
                return true;
              } catch (error) {
                feedback.failure(error);
                return false;
              }
            }}
          />
        </Section>
        <Section title={t('business.sections.theme')}>
          <Box
            role="radiogroup"
            aria-label={t('business.fields.theme')}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {swatches.map(({ color, main }) => (
              <Tooltip key={color} title={t(`appearance.colors.${color}`)}>
                <span>
                  <IconButton
                    role="radio"
                    aria-checked={state.theme === color}
                    aria-label={t(`appearance.colors.${color}`)}
                    disabled={readOnly}
                    onClick={() => set('theme', color)}
                    data-testid={`business-theme-${color}`}
                    sx={{
                      width: 40,
                      height: 40,
                      bgcolor: main,
                      color: '#fff',
                      border: 3,
                      borderColor: state.theme === color ? 'text.primary' : 'transparent',
                      '&:hover': { bgcolor: main, opacity: 0.85 },
                      '&.Mui-disabled': { bgcolor: main, color: '#fff', opacity: state.theme === color ? 1 : 0.5 },
                    }}
                  >
                    {state.theme === color ? <CheckIcon fontSize="small" /> : null}
                  </IconButton>
                </span>
              </Tooltip>
            ))}
          </Box>
        </Section>
        <Section title={t('business.sections.configuration')}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 0.5 }}>
            {CONFIG_SWITCHES.map((key) => (
              <SwitchField
                key={key}
                label={t(`business.config.${key}`)}
                checked={state.configuracion[key]}
                onChange={(checked) => setConfig(key, checked)}
                disabled={readOnly}
                testId={`business-config-${key}`}
              />
            ))}
          </Box>
          <Box sx={GRID}>
            <FormField
              type="number"
              label={t('business.config.navbar_logo_size')}
              value={state.configuracion.navbar_logo_size}
              onValueChange={(value) => setConfig('navbar_logo_size', Number(value))}
              error={errors['configuracion.navbar_logo_size']}
              disabled={readOnly}
              testId="business-config-navbar_logo_size"
              slotProps={{
                htmlInput: { min: 16, max: 120 },
                input: { endAdornment: <InputAdornment position="end">px</InputAdornment> },
              }}
            />
            <FormField
              type="number"
              label={t('business.config.inactivity_timeout')}
              value={state.configuracion.inactivity_timeout}
              onValueChange={(value) => setConfig('inactivity_timeout', Number(value))}
              error={errors['configuracion.inactivity_timeout']}
              disabled={readOnly}
              testId="business-config-inactivity_timeout"
              slotProps={{
                htmlInput: { min: 1, max: 72 },
                input: { endAdornment: <InputAdornment position="end">{t('business.hours')}</InputAdornment> },
              }}
            />
            <Autocomplete
              options={TIME_ZONES}
              value={state.configuracion.time_zone}
              disableClearable
              disabled={readOnly}
              onChange={(_event, zone) => setConfig('time_zone', zone)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  margin="dense"
                  label={t('business.config.time_zone')}
                  error={Boolean(errors['configuracion.time_zone'])}
                  helperText={errors['configuracion.time_zone'] ?? t('business.config.time_zone_help')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'business-config-time_zone' },
                  }}
                />
              )}
            />
            <Autocomplete
              multiple
              freeSolo
              options={[] as string[]}
              value={state.configuracion.opt_out_words}
              disabled={readOnly}
              onChange={(_event, words) =>
                setConfig('opt_out_words', [...new Set(words.map((word) => word.trim().toUpperCase()).filter(Boolean))])
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  margin="dense"
                  label={t('business.config.opt_out_words')}
                  error={Boolean(errors['configuracion.opt_out_words'])}
                  helperText={errors['configuracion.opt_out_words'] ?? t('business.config.opt_out_words_help')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'business-config-opt_out_words' },
                  }}
                />
              )}
            />
          </Box>
        </Section>
        <Section
          title={t('business.sections.integrations')}
          action={
            readOnly ? null : (
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() =>
                  set('integraciones', [
                    ...state.integraciones,
                    { key: newRowKey(), nombre: '', icono: 'web', ruta: '', url: '', roles: [] },
                  ])
                }
                data-testid="business-integration-add"
              >
                {t('business.integrations.add')}
              </Button>
            )
          }
        >
          {errors.integraciones ? (
            <Alert severity="error" sx={{ mb: 1 }} data-invalid="true">
              {errors.integraciones}
            </Alert>
          ) : null}
          {state.integraciones.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('business.integrations.empty')}
            </Typography>
          ) : null}
          {state.integraciones.map((row, index) => {
            const error = (field: string) => errors[`integraciones.${index}.${field}`];
            return (
              <Paper
                key={row.key}
                variant="outlined"
                sx={{
                  p: 1.5,
                  mb: 1.5,
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' },
                }}
                data-testid={`business-integration-${index}`}
              >
                <FormField
                  label={t('business.integrations.nombre')}
                  value={row.nombre}
                  onValueChange={(value) => setRow(index, { nombre: value })}
                  error={error('nombre')}
                  disabled={readOnly}
                  testId={`business-integration-${index}-nombre`}
                  maxLength={80}
                />
                <TextField
                  select
                  margin="dense"
                  label={t('business.integrations.icono')}
                  value={row.icono}
                  onChange={(event) => setRow(index, { icono: event.target.value })}
                  error={Boolean(error('icono'))}
                  helperText={error('icono')}
                  disabled={readOnly}
                >
                  {[...new Set([...Object.keys(INTEGRATION_ICONS), row.icono])].map((name) => {
                    const Icon = INTEGRATION_ICONS[name];
                    return (
                      <MenuItem key={name} value={name}>
                        <ListItemIcon sx={{ minWidth: 32, verticalAlign: 'middle' }}>
                          {Icon ? <Icon fontSize="small" /> : null}
                        </ListItemIcon>
                        {name}
                      </MenuItem>
                    );
                  })}
                </TextField>
                <FormField
                  label={t('business.integrations.ruta')}
                  value={row.ruta}
                  onValueChange={(value) => setRow(index, { ruta: value.toLowerCase() })}
                  error={error('ruta')}
                  helperText={row.ruta ? `/app/${row.ruta}` : undefined}
                  disabled={readOnly}
                  testId={`business-integration-${index}-ruta`}
                  maxLength={41}
                />
                <Box
                  sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gridRow: { md: 'span 2' } }}
                >
                  {readOnly ? null : (
                    <Tooltip title={t('business.integrations.remove')}>
                      <IconButton
                        aria-label={t('business.integrations.remove')}
                        color="error"
                        onClick={() =>
                          set(
                            'integraciones',
                            state.integraciones.filter((_, i) => i !== index),
                          )
                        }
                        data-testid={`business-integration-${index}-remove`}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
                <Box sx={{ gridColumn: { md: 'span 2' } }}>
                  <FormField
                    type="url"
                    label={t('business.integrations.url')}
                    value={row.url}
                    onValueChange={(value) => setRow(index, { url: value })}
                    error={error('url')}
                    disabled={readOnly}
                    testId={`business-integration-${index}-url`}
                    maxLength={500}
                  />
                </Box>
                <TextField
                  select
                  margin="dense"
                  label={t('business.integrations.roles')}
                  value={row.roles}
                  onChange={(event) => {
                    const value = event.target.value as unknown as string[] | string;
                    setRow(index, { roles: typeof value === 'string' ? value.split(',') : value });
                  }}
                  error={Boolean(error('roles'))}
                  helperText={error('roles')}
                  disabled={readOnly}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) =>
                        (selected as string[]).map((name) => roleLabels.get(name) ?? name).join(', '),
                    },
                  }}
                >
                  {[...roleNames].map((name) => (
                    <MenuItem key={name} value={name}>
                      {roleLabels.get(name) ?? name}
                    </MenuItem>
                  ))}
                </TextField>
              </Paper>
            );
          })}
        </Section>
      </Box>
      {/* Its own form, outside the profile's: it saves on its own (the key is write-only). */}
      <Section title={t('business.dialogflow.title')} testId="business-dialogflow">
        <DialogflowSettings business={business} readOnly={readOnly} onSaved={onSaved} />
      </Section>
      <Card variant="outlined">
        <CardContent>
          <AuditHistory path="empresa/audit" />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
