import './i18n';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { DetailList } from '../../ui/DetailList';
import { formatDateTime } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { Section } from '../../ui/Section';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDeleteKbArticle, useKbArticle } from './api';
import { KbAttachments } from './attachments';
import { KbDeleteDialog, LabelChips, StatusChip } from './components';
import { languageLabelKey } from './model';

/** How an article's (server-sanitised) HTML reads: headings, lists, bordered tables, images within the column. */
export const ARTICLE_BODY_SX: SxProps<Theme> = {
  typography: 'body1',
  lineHeight: 1.65,
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p': { my: 1 },
  '& h2': { typography: 'h6', mt: 3, mb: 1 },
  '& h3': { typography: 'subtitle1', fontWeight: 700, mt: 2, mb: 0.75 },
  '& ul, & ol': { ps: 3, my: 1 },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
  '& table': { borderCollapse: 'collapse', width: '100%', my: 2, display: 'block', overflowX: 'auto' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.75, verticalAlign: 'top', textAlign: 'start' },
  '& th': { bgcolor: 'action.hover', fontWeight: 700 },
  '& th > p, & td > p': { my: 0 },
};

/** /app/knowledge-base/article/:id/view. */
export function KnowledgeBaseArticleViewPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = parseId(params.id);
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const { can } = usePermissions();
  const article = useKbArticle(id);
  const remove = useDeleteKbArticle();
  const [deleting, setDeleting] = useState(false);

  if (id === null || article.isError) {
    return (
      <StatusPage
        title={t('pages.notFound.title')}
        description={article.error?.message ?? t('knowledgeBase.article.notFound')}
        data-testid="kb-article-not-found"
      />
    );
  }
  if (!article.data) return <PageLoader />;
  const data = article.data;
  const editable = can('knowledgebase-editar-articulo');
  const sectionLink = can('knowledgebase-ver-secciones') ? `/app/knowledge-base/sections/${data.section.id}` : null;

  const confirmDelete = () => {
    setDeleting(false);
    remove.mutate(data.id, {
      onSuccess: () => {
        feedback.success(t('knowledgeBase.article.deleted'));
        navigate(sectionLink ?? '/app/knowledge-base/categories');
      },
      onError: (error) => feedback.failure(error),
    });
  };

  const person = (ref: { nombre: string } | null, at: string) =>
    `${formatDateTime(at, i18n.language)}${ref ? ` · ${ref.nombre}` : ''}`;

  return (
    <PageContainer maxWidth={1100}>
      <Breadcrumbs sx={{ mb: 1 }} aria-label={t('knowledgeBase.breadcrumbs')} data-testid="kb-article-breadcrumbs">
        {can('ver-menu-knowledgebase') ? (
          <Link component={RouterLink} to="/app/knowledge-base/categories" underline="hover" color="inherit">
            {t('menu.items.knowledgeBase')}
          </Link>
        ) : (
          <Typography color="text.secondary">{t('menu.items.knowledgeBase')}</Typography>
        )}
        <Typography color="text.secondary">{data.section.category.name}</Typography>
        {sectionLink ? (
          <Link component={RouterLink} to={sectionLink} underline="hover" color="inherit">
            {data.section.name}
          </Link>
        ) : (
          <Typography color="text.secondary">{data.section.name}</Typography>
        )}
      </Breadcrumbs>
      <PageHeader
        title={data.title}
        backTo={sectionLink ?? undefined}
        actions={
          <>
            {data.publicUrl ? (
              <Button
                component="a"
                href={data.publicUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                startIcon={<OpenInNewIcon />}
                data-testid="kb-article-public"
              >
                {t('knowledgeBase.article.viewPublic')}
              </Button>
            ) : null}
            {editable ? (
              <>
                <Button
                  component={RouterLink}
                  to={`/app/knowledge-base/article/${data.id}/edit`}
                  variant="contained"
                  startIcon={<EditIcon />}
                  data-testid="kb-article-edit"
                >
                  {t('common.edit')}
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={() => setDeleting(true)}
                  disabled={remove.isPending}
                  data-testid="kb-article-delete"
                >
                  {t('knowledgeBase.delete')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <StatusChip status={data.status} testId="kb-article-view-status" />
        <Chip
          size="small"
          variant="outlined"
          label={t(languageLabelKey(data.language))}
          data-testid="kb-article-language-chip"
        />
        <LabelChips labels={data.labels} />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        {data.body ? (
          <Box
            data-testid="kb-article-body"
            lang={data.language}
            dir="auto"
            sx={ARTICLE_BODY_SX}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: article bodies are sanitised by the server when stored.
            dangerouslySetInnerHTML={{ __html: data.body }}
          />
        ) : (
          <Typography sx={{ color: 'text.secondary' }} data-testid="kb-article-body">
            {t('knowledgeBase.article.noBody')}
          </Typography>
        )}
      </Paper>
      <Section title={t('knowledgeBase.attachments.title')}>
        <KbAttachments article={data} editable={editable} />
      </Section>
      <Section title={t('knowledgeBase.article.details')}>
        <DetailList
          rows={[
            {
              label: t('knowledgeBase.fields.created'),
              value: person(data.createdBy, data.createdAt),
              testId: 'kb-article-created',
            },
            {
              label: t('knowledgeBase.fields.updated'),
              value: person(data.updatedBy, data.updatedAt),
              testId: 'kb-article-updated',
            },
            {
              label: t('knowledgeBase.fields.publishedAt'),
              value: data.publishedAt ? formatDateTime(data.publishedAt, i18n.language) : null,
            },
            {
              label: t('knowledgeBase.fields.publicUrl'),
              value: data.publicUrl ? (
                <Link href={data.publicUrl} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {data.publicUrl}
                </Link>
              ) : (
                t('knowledgeBase.article.notPublic')
              ),
            },
          ]}
        />
      </Section>
      <KbDeleteDialog
        target={deleting ? { kind: 'article', name: data.title } : null}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </PageContainer>
  );
}
