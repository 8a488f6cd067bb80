import './i18n';
import {
  type CustomerImport,
  IMPORT_MAX_BYTES,
  IMPORT_TARGETS,
  type ImportTarget,
  REQUIRED_IMPORT_TARGETS,
} from '@atiende/contracts';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type DragEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { DownloadBlockedError, downloadApiFile } from '../../api/download';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { useCampaignOptions, useCustomerCatalogue, useImportStatus, useStartImport, useUploadImport } from './api';
import { buildStartBody, guessMapping, type ImportMapping, missingRequiredTargets } from './model';
import { isImportFinished } from './queryHelpers';

const STEPS = ['file', 'mapping', 'progress', 'result'] as const;
const ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,text/plain,application/vnd.ms-excel';

/** A native select (keyboard and test friendly) of a TextField. */
function NativeSelect({
  label,
  value,
  onChange,
  testId,
  error,
  helperText,
  required,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  error?: string;
  helperText?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      margin="dense"
      label={label}
      value={value}
      required={required}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        select: { native: true },
        htmlInput: { 'data-testid': testId },
        inputLabel: { shrink: true },
      }}
    >
      {children}
    </TextField>
  );
}

function FileStep({ busy, error, onFile }: { busy: boolean; error: string | null; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files?.[0];
    if (file && !busy) onFile(file);
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Box
          onDragOver={(event: DragEvent) => {
            if (!event.dataTransfer.types.includes('Files')) return;
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : undefined,
            borderRadius: 2,
            p: { xs: 3, md: 5 },
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            gap: 1.5,
          }}
        >
          <UploadFileIcon sx={{ fontSize: 48, color: 'action.active' }} />
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('customers.import.chooseTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520 }}>
            {t('customers.import.chooseHint', { size: Math.round(IMPORT_MAX_BYTES / (1024 * 1024)) })}
          </Typography>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={pick}
            data-testid="import-file-input"
            aria-label={t('customers.import.chooseFile')}
          />
          <Button
            variant="contained"
            onClick={() => input.current?.click()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadFileIcon />}
            data-testid="import-file-choose"
          >
            {busy ? t('customers.import.uploading') : t('customers.import.chooseFile')}
          </Button>
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="import-file-error">
            {error}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

interface MappingStepProps {
  upload: CustomerImport;
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
  defaultTypeId: number | '';
  onDefaultTypeChange: (value: number | '') => void;
  campaignId: number | '';
  onCampaignChange: (value: number | '') => void;
  errors: Record<string, string>;
  generalError: string | null;
  busy: boolean;
  onStart: () => void;
  onReset: () => void;
}

function MappingStep({
  upload,
  mapping,
  onMappingChange,
  defaultTypeId,
  onDefaultTypeChange,
  campaignId,
  onCampaignChange,
  errors,
  generalError,
  busy,
  onStart,
  onReset,
}: MappingStepProps) {
  const { t } = useTranslation();
  const types = useCustomerCatalogue('tipo-documento');
  const campaigns = useCampaignOptions();
  const targetOf = new Map(Object.entries(mapping).map(([target, column]) => [column, target as ImportTarget]));

  return (
    <>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('customers.import.mappingTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }} data-testid="import-file-summary">
            {t('customers.import.fileSummary', {
              name: upload.fileName,
              rows: upload.totalRows,
              columns: upload.columns.length,
            })}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
              columnGap: 2,
            }}
          >
            {IMPORT_TARGETS.map((target) => {
              const required = REQUIRED_IMPORT_TARGETS.includes(target);
              return (
                <NativeSelect
                  key={target}
                  label={t(`customers.import.targets.${target}`)}
                  required={required}
                  value={mapping[target] ?? ''}
                  onChange={(column) => {
                    const next: ImportMapping = { ...mapping };
                    // A column feeds one target: taking it elsewhere frees it.
                    for (const key of Object.keys(next) as ImportTarget[]) {
                      if (column && next[key] === column) delete next[key];
                    }
                    if (column) next[target] = column;
                    else delete next[target];
                    onMappingChange(next);
                  }}
                  error={errors[`mapping.${target}`]}
                  testId={`import-map-${target}`}
                >
                  <option value="">{t('customers.import.notMapped')}</option>
                  {upload.columns.map((column, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; the position identifies them.
                    <option key={`${index}-${column}`} value={column}>
                      {column}
                    </option>
                  ))}
                </NativeSelect>
              );
            })}
          </Box>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              columnGap: 2,
              mt: 1,
              pt: 1,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <NativeSelect
              label={t('customers.import.defaultType')}
              value={defaultTypeId === '' ? '' : String(defaultTypeId)}
              onChange={(value) => onDefaultTypeChange(value === '' ? '' : Number(value))}
              testId="import-default-type"
              error={errors.defaultIdentificationTypeId}
              helperText={t('customers.import.defaultTypeHint')}
            >
              <option value="">{t('common.none')}</option>
              {(types.data ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.abbr ? `${type.abbr} — ${type.name}` : type.name}
                </option>
              ))}
            </NativeSelect>
            {campaigns.data ? (
              <NativeSelect
                label={t('customers.import.campaign')}
                value={campaignId === '' ? '' : String(campaignId)}
                onChange={(value) => onCampaignChange(value === '' ? '' : Number(value))}
                testId="import-campaign"
                error={errors.campaignId}
                helperText={t('customers.import.campaignHint')}
              >
                <option value="">{t('common.none')}</option>
                {campaigns.data.map((campaign) => (
                  <option key={campaign.id} value={campaign.id}>
                    {campaign.name}
                  </option>
                ))}
              </NativeSelect>
            ) : null}
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ pb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('customers.import.preview', { count: upload.preview.length })}
          </Typography>
        </CardContent>
        <TableContainer>
          <Table size="small" data-testid="import-preview">
            <TableHead>
              <TableRow>
                {upload.columns.map((column, index) => {
                  const target = targetOf.get(column);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; the position identifies them.
                    <TableCell key={`${index}-${column}`} sx={{ whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {column}
                      </Typography>
                      <Typography variant="caption" sx={{ color: target ? 'primary.main' : 'text.disabled' }}>
                        {target ? `→ ${t(`customers.import.targets.${target}`)}` : t('customers.import.ignored')}
                      </Typography>
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {upload.preview.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their position.
                <TableRow key={rowIndex}>
                  {upload.columns.map((column, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                    <TableCell key={`${index}-${column}`} sx={{ whiteSpace: 'nowrap' }}>
                      {row[index] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      {generalError ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="import-mapping-error">
          {generalError}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onReset} startIcon={<RestartAltIcon />} disabled={busy} data-testid="import-change-file">
          {t('customers.import.changeFile')}
        </Button>
        <Button
          variant="contained"
          onClick={onStart}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
          data-testid="import-start"
        >
          {t('customers.import.start')}
        </Button>
      </Box>
    </>
  );
}

function ProgressStep({ job }: { job: CustomerImport | undefined }) {
  const { t } = useTranslation();
  const progress = Math.max(0, Math.min(100, Math.round(job?.progress ?? 0)));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('customers.import.running')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            data-testid="import-progress"
            aria-label={t('customers.import.running')}
            sx={{ flexGrow: 1, height: 10, borderRadius: 5 }}
          />
          <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'end', fontWeight: 600 }}>
            {progress}%
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }} aria-live="polite">
          {t('customers.import.processed', { processed: job?.processed ?? 0, total: job?.totalRows ?? 0 })} ·{' '}
          {t(`customers.import.statuses.${job?.status ?? 'queued'}`)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ResultStep({ job, onReset }: { job: CustomerImport; onReset: () => void }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadApiFile(`customers/imports/${job.id}/errors`, {}, `import-${job.id}-errors.xlsx`);
    } catch (error) {
      if (error instanceof DownloadBlockedError) feedback.notify(t('customers.export.blocked'), 'warning');
      else feedback.failure(error);
    } finally {
      setDownloading(false);
    }
  };
  const stats: { key: 'created' | 'updated' | 'failed'; color: string }[] = [
    { key: 'created', color: 'success.main' },
    { key: 'updated', color: 'info.main' },
    { key: 'failed', color: job.failed > 0 ? 'error.main' : 'text.secondary' },
  ];
  return (
    <Card variant="outlined" data-testid="import-result" data-status={job.status}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <CheckCircleOutlineIcon color={job.status === 'done' ? 'success' : 'error'} />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {job.status === 'done' ? t('customers.import.finished') : t('customers.import.jobFailed')}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5, mb: 2 }}>
          {stats.map((stat) => (
            <Paper key={stat.key} variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
              <Typography variant="h4" component="p" sx={{ color: stat.color, fontWeight: 700 }}>
                <span data-testid={`import-result-${stat.key}`}>{job[stat.key]}</span>
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`customers.import.results.${stat.key}`)}
              </Typography>
            </Paper>
          ))}
        </Box>
        {job.failed > 0 ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            data-testid="import-result-errors"
            action={
              job.hasErrorReport ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => void download()}
                  disabled={downloading}
                  startIcon={downloading ? <CircularProgress size={14} color="inherit" /> : <FileDownloadIcon />}
                  data-testid="import-errors-download"
                >
                  {t('customers.import.downloadErrors')}
                </Button>
              ) : undefined
            }
          >
            {t('customers.import.fileErrors', { count: job.failed })}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={onReset} startIcon={<RestartAltIcon />} data-testid="import-again">
            {t('customers.import.again')}
          </Button>
          <Button component={RouterLink} to="/app/customers" variant="contained" data-testid="import-back-to-list">
            {t('customers.import.backToList')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** /app/customers/import: file → column mapping → progress → result. */
export function CustomerImportPage() {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const upload = useUploadImport();
  const start = useStartImport();
  const [job, setJob] = useState<CustomerImport | null>(null);
  const [started, setStarted] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [defaultTypeId, setDefaultTypeId] = useState<number | ''>('');
  const [campaignId, setCampaignId] = useState<number | ''>('');
  const startBody = useMemo(
    () => buildStartBody(mapping, defaultTypeId, campaignId),
    [mapping, defaultTypeId, campaignId],
  );
  const form = useFormErrors({
    values: startBody,
    rules: (body) => {
      const found: FieldErrors = {};
      for (const target of missingRequiredTargets(body.mapping)) found[`mapping.${target}`] = t('validation.required');
      if (!body.mapping.identificationType && body.defaultIdentificationTypeId === null) {
        found.defaultIdentificationTypeId = t('customers.import.defaultTypeRequired');
      }
      return found;
    },
  });
  const { errors } = form;
  const [generalError, setGeneralError] = useState<string | null>(null);
  const status = useImportStatus(job?.id ?? null, started);
  const current = status.data ?? job ?? undefined;
  const finished = started && isImportFinished(status.data?.status);
  const step = !job ? 0 : !started ? 1 : finished ? 3 : 2;

  const reset = () => {
    setJob(null);
    setStarted(false);
    setFileError(null);
    setMapping({});
    form.reset();
    setGeneralError(null);
  };

  const chooseFile = (file: File) => {
    setFileError(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError(t('customers.import.tooLarge', { size: Math.round(IMPORT_MAX_BYTES / (1024 * 1024)) }));
      return;
    }
    upload.mutate(file, {
      onSuccess: (data) => {
        setJob(data);
        setMapping(guessMapping(data.columns));
        form.reset();
        setGeneralError(null);
      },
      onError: (error) => setFileError(error.message || t('errors.unexpected')),
    });
  };

  const targetName = (target: ImportTarget) => t(`customers.import.targets.${target}`);

  const startImport = () => {
    if (!job) return;
    const found = form.validate();
    const missing = missingRequiredTargets(mapping);
    if (Object.keys(found).length > 0) {
      form.show(found);
      setGeneralError(
        missing.length > 0
          ? t('customers.import.mappingIncomplete', { targets: missing.map(targetName).join(', ') })
          : t('validation.fixErrors'),
      );
      return;
    }
    form.reset();
    setGeneralError(null);
    start.mutate(
      { id: job.id, body: startBody },
      {
        onSuccess: () => setStarted(true),
        onError: (error) => {
          if (error instanceof ApiError) {
            const fields = error.fields;
            form.show(fields);
            const missingTargets = Object.keys(fields)
              .filter((field) => field.startsWith('mapping.'))
              .map((field) => field.slice('mapping.'.length) as ImportTarget);
            setGeneralError(
              error.code === 'IMPORT.MAPPING_INCOMPLETE'
                ? t('customers.import.mappingIncomplete', { targets: missingTargets.map(targetName).join(', ') })
                : error.message,
            );
            return;
          }
          feedback.failure(error);
        },
      },
    );
  };

  return (
    <PageContainer maxWidth={1080}>
      <PageHeader
        title={t('customers.import.title')}
        subtitle={t('customers.import.subtitle')}
        backTo="/app/customers"
      />
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} data-testid="import-stepper">
        {STEPS.map((item, index) => (
          <Step key={item} completed={step > index || (index === 3 && step === 3)}>
            <StepLabel>{t(`customers.import.steps.${item}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 ? <FileStep busy={upload.isPending} error={fileError} onFile={chooseFile} /> : null}
      {step === 1 && job ? (
        <Box ref={form.formRef}>
          <MappingStep
            upload={job}
            mapping={mapping}
            onMappingChange={(next) => {
              setMapping(next);
              setGeneralError(null);
            }}
            defaultTypeId={defaultTypeId}
            onDefaultTypeChange={setDefaultTypeId}
            campaignId={campaignId}
            onCampaignChange={setCampaignId}
            errors={errors}
            generalError={generalError}
            busy={start.isPending}
            onStart={startImport}
            onReset={reset}
          />
        </Box>
      ) : null}
      {step === 2 ? (
        <>
          <ProgressStep job={current} />
          {status.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {status.error.message}
            </Alert>
          ) : null}
        </>
      ) : null}
      {step === 3 && status.data ? <ResultStep job={status.data} onReset={reset} /> : null}
    </PageContainer>
  );
}
