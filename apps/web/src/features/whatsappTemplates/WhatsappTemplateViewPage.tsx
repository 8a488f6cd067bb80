import './i18n';
import type { WhatsappTemplate } from '@atiende/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { downloadApiFile } from '../../api/download';
import { useApiFileUrl } from '../../api/useApiFileUrl';
import { DetailList } from '../../ui/DetailList';
import { formatDateTime, formatFileSize } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { Section } from '../../ui/Section';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useSyncWhatsappTemplate, useWhatsappTemplate } from './api';
import { SessionOnlyChip, WhatsappBubble, WhatsappTemplateStatusChip, WhatsappTemplateTypeChip } from './components';
import { templateMedia, templateToBubble } from './model';

/** The template's file: the image or video itself (fetched with the session), its name, size and a download. */
function MediaDetail({ template }: { template: WhatsappTemplate }) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const media = templateMedia(template);
  const showable = media && (media.kind === 'image' || media.kind === 'video' || media.kind === 'audio');
  const file = useApiFileUrl(showable ? media.apiPath : null);
  if (!template.media || !media) return null;
  const { filename, size, url } = template.media;
  return (
    <Box data-testid="wa-template-media">
      {file.url && media.kind === 'image' ? (
        <Box
          component="img"
          src={file.url}
          alt={filename}
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: 200,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      ) : null}
      {file.url && media.kind === 'video' ? (
        <Box
          component="video"
          src={file.url}
          controls
          preload="metadata"
          aria-label={filename}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 220, borderRadius: 1, bgcolor: '#000' }}
        />
      ) : null}
      {file.url && media.kind === 'audio' ? (
        <Box
          component="audio"
          src={file.url}
          controls
          preload="metadata"
          aria-label={filename}
          sx={{ maxWidth: '100%' }}
        />
      ) : null}
      {file.failed ? (
        <Typography variant="caption" sx={{ color: 'error.main' }}>
          {t('whatsappTemplates.media.loadFailed')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <Typography
          component="bdi"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          data-testid="wa-template-media-name"
        >
          {filename}
        </Typography>
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
          {formatFileSize(size, i18n.language)}
        </Typography>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          aria-label={t('whatsappTemplates.media.download', { name: filename })}
          onClick={() => downloadApiFile(url, {}, filename).catch((error) => feedback.failure(error))}
          data-testid="wa-template-media-download"
        >
          {t('whatsappTemplates.media.downloadShort')}
        </Button>
      </Box>
    </Box>
  );
}

/** Chips of short texts (quick replies, reply buttons). */
function TextChips({ values, testId }: { values: readonly string[]; testId: string }) {
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', m: 0, p: 0, listStyle: 'none' }}
      data-testid={testId}
    >
      {values.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the options have no id; their order is their identity.
        <li key={index}>
          <Chip size="small" variant="outlined" label={<bdi>{value}</bdi>} />
        </li>
      ))}
    </Box>
  );
}

/** Meta's review: the status, what it means, the rejection reason and the button that asks Meta again. */
function ReviewSection({ template }: { template: WhatsappTemplate }) {
  const { t } = useTranslation();
  if (template.sessionOnly) {
    return (
      <Section title={t('whatsappTemplates.sections.availability')} testId="wa-template-review">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
          <WhatsappTemplateStatusChip status={template.status} testId="wa-template-status" />
          <SessionOnlyChip testId="wa-template-session-only" />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('whatsappTemplates.help.session')}
        </Typography>
      </Section>
    );
  }
  return (
    <Section title={t('whatsappTemplates.sections.status')} testId="wa-template-review">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <WhatsappTemplateStatusChip status={template.status} testId="wa-template-status" />
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 240px' }}>
          {t(`whatsappTemplates.statusHelp.${template.status}`)}
        </Typography>
      </Box>
      {template.status === 'rejected' ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="wa-template-rejection">
          <AlertTitle>{t('whatsappTemplates.fields.rejectionReason')}</AlertTitle>
          <Box component="span" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
            {template.rejectionReason ?? '—'}
          </Box>
        </Alert>
      ) : null}
    </Section>
  );
}

function TemplateDetails({ template }: { template: WhatsappTemplate }) {
  const { t, i18n } = useTranslation();
  // Each type shows only its own fields: a Meta template has no list, a text template no header.
  const isTemplate = template.type === 'template';
  const isInteractive = template.type === 'interactive';
  return (
    <Section title={t('whatsappTemplates.sections.details')}>
      <DetailList
        rows={[
          { label: t('whatsappTemplates.fields.channel'), value: template.channel.name, testId: 'wa-template-channel' },
          {
            label: t('whatsappTemplates.fields.name'),
            value: (
              <Typography component="bdi" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
                {template.name}
              </Typography>
            ),
            testId: 'wa-template-name',
          },
          {
            label: t('whatsappTemplates.fields.type'),
            value: <WhatsappTemplateTypeChip type={template.type} testId="wa-template-type" />,
          },
          {
            applies: isTemplate,
            label: t('whatsappTemplates.fields.category'),
            value: template.category ? t(`whatsappTemplates.categories.${template.category}`) : null,
          },
          {
            label: t('whatsappTemplates.fields.language'),
            value: t(`whatsappTemplates.languages.${template.language}`),
          },
          {
            applies: isTemplate || isInteractive,
            label: t('whatsappTemplates.fields.headerType'),
            value:
              template.type === 'text' || template.type === 'media' ? null : template.headerType === 'text' &&
                template.headerText ? (
                <Typography sx={{ fontWeight: 700 }}>
                  <bdi>{template.headerText}</bdi>
                </Typography>
              ) : (
                t(`whatsappTemplates.headerTypes.${template.headerType}`)
              ),
          },
          {
            applies: template.type === 'media',
            label: t('whatsappTemplates.fields.mediaType'),
            value: template.mediaType ? t(`whatsappTemplates.mediaTypes.${template.mediaType}`) : null,
          },
          {
            applies: Boolean(template.media),
            label: t('whatsappTemplates.fields.media'),
            value: template.media ? <MediaDetail template={template} /> : null,
          },
          {
            label: t('whatsappTemplates.fields.body'),
            value: (
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>
                <bdi>{template.body}</bdi>
              </Typography>
            ),
            testId: 'wa-template-body',
          },
          {
            applies: template.examples.length > 0 || isTemplate,
            label: t('whatsappTemplates.fields.examples'),
            value: template.examples.length ? (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {template.examples.map((example, index) => (
                  <Chip
                    // biome-ignore lint/suspicious/noArrayIndexKey: an example is identified by its variable number.
                    key={index}
                    size="small"
                    variant="outlined"
                    label={
                      <>
                        <bdi dir="ltr">{`{{${index + 1}}}`}</bdi> <bdi>{example}</bdi>
                      </>
                    }
                  />
                ))}
              </Box>
            ) : null,
          },
          { applies: isTemplate || isInteractive, label: t('whatsappTemplates.fields.footer'), value: template.footer },
          {
            applies: template.type === 'text',
            label: t('whatsappTemplates.fields.quickReplies'),
            value:
              template.type === 'text' && template.quickReplies.length ? (
                <TextChips values={template.quickReplies} testId="wa-template-quickReplies" />
              ) : null,
          },
          {
            applies: isInteractive,
            label: t('whatsappTemplates.fields.interactiveType'),
            value: template.interactiveType
              ? t(`whatsappTemplates.interactiveTypes.${template.interactiveType}`)
              : null,
          },
          {
            applies: isInteractive && template.interactiveType === 'buttons',
            label: t('whatsappTemplates.fields.replyButtons'),
            value:
              template.interactiveType === 'buttons' && template.replyButtons.length ? (
                <TextChips values={template.replyButtons} testId="wa-template-replyButtons" />
              ) : null,
          },
          {
            applies: isInteractive && template.interactiveType === 'list',
            label: t('whatsappTemplates.fields.listButton'),
            value: template.interactiveType === 'list' && template.listButton ? <bdi>{template.listButton}</bdi> : null,
          },
          {
            applies: isInteractive && template.interactiveType === 'list',
            label: t('whatsappTemplates.fields.sections'),
            value:
              template.interactiveType === 'list' && template.sections.length ? (
                <Box data-testid="wa-template-sections">
                  {template.sections.map((section, sectionIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is their identity.
                    <Box key={sectionIndex} sx={{ '& + &': { mt: 1 } }}>
                      {section.title ? (
                        <Typography variant="subtitle2" component="p">
                          <bdi>{section.title}</bdi>
                        </Typography>
                      ) : null}
                      <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
                        {section.options.map((option, optionIndex) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their order is their identity.
                          <li key={optionIndex}>
                            <bdi>{option.title}</bdi>
                            {option.description ? (
                              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                                {' · '}
                                <bdi>{option.description}</bdi>
                              </Typography>
                            ) : null}
                          </li>
                        ))}
                      </Box>
                    </Box>
                  ))}
                </Box>
              ) : null,
          },
          {
            applies: isTemplate,
            label: t('whatsappTemplates.fields.buttonsType'),
            value:
              template.type !== 'template' ? null : template.buttonsType === 'none' ? (
                t('whatsappTemplates.buttonsTypes.none')
              ) : (
                <Box>
                  <Typography>{t(`whatsappTemplates.buttonsTypes.${template.buttonsType}`)}</Typography>
                  <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="wa-template-buttons">
                    {template.buttons.map((button, index) => (
                      <Box
                        component="li"
                        // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their order is their identity.
                        key={index}
                        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}
                      >
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t(`whatsappTemplates.buttonKinds.${button.kind}`)}
                        />
                        <Typography component="bdi" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {button.text}
                        </Typography>
                        {button.kind === 'url' || button.kind === 'phone' ? (
                          <Typography
                            component="bdi"
                            dir="ltr"
                            variant="body2"
                            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                          >
                            {button.kind === 'url' ? button.url : button.phone}
                          </Typography>
                        ) : null}
                      </Box>
                    ))}
                  </Box>
                </Box>
              ),
          },
          {
            applies: isTemplate,
            label: t('whatsappTemplates.fields.providerTemplateId'),
            value: template.providerTemplateId ? <bdi dir="ltr">{template.providerTemplateId}</bdi> : null,
          },
          { label: t('whatsappTemplates.fields.createdBy'), value: template.createdBy?.nombre },
          { label: t('common.createdAt'), value: formatDateTime(template.createdAt, i18n.language) },
          { label: t('common.updatedAt'), value: formatDateTime(template.updatedAt, i18n.language) },
        ]
          .filter((row) => row.applies !== false)
          .map(({ applies: _applies, ...row }) => row)}
      />
    </Section>
  );
}

/** /app/whatsapp-templates/:id/view: the template read-only (it cannot change once sent), its preview and status. */
export function WhatsappTemplateViewPage() {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const id = parseId(useParams().id);
  const template = useWhatsappTemplate(id);
  const sync = useSyncWhatsappTemplate(id ?? 0);
  const bubble = useMemo(() => (template.data ? templateToBubble(template.data) : null), [template.data]);

  if (id === null || template.isError) {
    return (
      <StatusPage
        title={t('pages.notFound.title')}
        description={template.error?.message ?? t('whatsappTemplates.notFound')}
        data-testid="wa-template-not-found"
      />
    );
  }
  if (!template.data || !bubble) return <PageLoader />;
  const data = template.data;

  const checkStatus = () =>
    sync.mutate(undefined, {
      onSuccess: (updated) =>
        feedback.success(t('whatsappTemplates.synced', { status: t(`whatsappTemplates.statuses.${updated.status}`) })),
      onError: (error) => feedback.failure(error),
    });

  return (
    <PageContainer maxWidth={1200}>
      <PageHeader
        title={data.name}
        subtitle={data.channel.name}
        backTo="/app/whatsapp-templates"
        actions={
          data.sessionOnly ? null : (
            <Button
              variant="outlined"
              onClick={checkStatus}
              disabled={sync.isPending}
              startIcon={sync.isPending ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
              data-testid="wa-template-sync"
            >
              {t('whatsappTemplates.sync')}
            </Button>
          )
        }
      />
      <Box
        data-testid="wa-template-view"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(280px, 360px)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <ReviewSection template={data} />
          <TemplateDetails template={data} />
        </Box>
        <Box sx={{ minWidth: 0, position: { md: 'sticky' }, top: { md: 80 } }}>
          <Section title={t('whatsappTemplates.sections.preview')}>
            <WhatsappBubble content={bubble} testId="wa-template-preview" />
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
              {t(data.sessionOnly ? 'whatsappTemplates.help.session' : 'whatsappTemplates.help.locked')}
            </Typography>
          </Section>
        </Box>
      </Box>
    </PageContainer>
  );
}
