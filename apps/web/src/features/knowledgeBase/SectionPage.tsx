import './i18n';
import { KB_ARTICLE_STATUSES, type KbArticleStatus, type KbArticleSummary } from '@atiende/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PostAddIcon from '@mui/icons-material/PostAdd';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { DataTable, type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatDateTime } from '../../ui/format';
import { RowAction } from '../../ui/ListPage';
import { tableLoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDeleteKbSection, useKbArticles, useKbSection } from './api';
import { AudienceChips, countsText, KbDeleteDialog, LabelChips, StatusChip } from './components';
import { SectionDialog } from './dialogs';
import { statusLabelKey } from './model';

/** /app/knowledge-base/sections/:id: the section and its articles (server pages, by status and text). */
export function KnowledgeBaseSectionPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = parseId(params.id);
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const { can } = usePermissions();
  const section = useKbSection(id);
  const [query, setQuery] = useState(() => initialTableQuery('title'));
  const [status, setStatus] = useState<KbArticleStatus | ''>('');
  const listParams = useMemo(
    () => ({ ...tableQueryParams(query), sectionId: id ?? undefined, status: status || undefined }),
    [query, status, id],
  );
  const articles = useKbArticles(listParams, id !== null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteKbSection();
  const editable = can('knowledgebase-editar-articulo');
  const canView = can('knowledgebase-ver-articulo');

  if (id === null || section.isError) {
    return (
      <StatusPage
        title={t('pages.notFound.title')}
        description={section.error?.message ?? t('knowledgeBase.section.notFound')}
        data-testid="kb-section-not-found"
      />
    );
  }
  if (!section.data) return <PageLoader />;
  const data = section.data;

  const columns: DataTableColumn<KbArticleSummary>[] = [
    {
      id: 'title',
      label: t('knowledgeBase.fields.title'),
      sortKey: 'title',
      render: (article) => (
        <Box sx={{ minWidth: 0 }}>
          {canView ? (
            <Link
              component={RouterLink}
              to={`/app/knowledge-base/article/${article.id}/view`}
              underline="hover"
              sx={{ fontWeight: 600 }}
              onClick={(event) => event.stopPropagation()}
              data-testid={`kb-article-link-${article.id}`}
            >
              {article.title}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600 }}>{article.title}</Typography>
          )}
          {article.excerpt ? (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                maxWidth: 520,
              }}
            >
              {article.excerpt}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'status',
      label: t('knowledgeBase.fields.status'),
      render: (article) => <StatusChip status={article.status} testId={`kb-article-status-${article.id}`} />,
    },
    {
      id: 'labels',
      label: t('knowledgeBase.fields.labels'),
      render: (article) => <LabelChips labels={article.labels} />,
    },
    {
      id: 'updatedAt',
      label: t('knowledgeBase.fields.updated'),
      sortKey: 'updatedAt',
      render: (article) => (
        <Box>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(article.updatedAt, i18n.language)}
          </Box>
          {article.updatedBy ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {article.updatedBy.nombre}
            </Typography>
          ) : null}
        </Box>
      ),
    },
  ];

  const confirmDelete = () => {
    setDeleting(false);
    remove.mutate(data.id, {
      onSuccess: (counts) => {
        feedback.success(t('knowledgeBase.section.deleted', { what: countsText(t, counts) }));
        navigate('/app/knowledge-base/categories');
      },
      onError: (error) => feedback.failure(error),
    });
  };

  return (
    <PageContainer>
      <Breadcrumbs sx={{ mb: 1 }} aria-label={t('knowledgeBase.breadcrumbs')}>
        <Link component={RouterLink} to="/app/knowledge-base/categories" underline="hover" color="inherit">
          {t('menu.items.knowledgeBase')}
        </Link>
        <Typography color="text.secondary">{data.category.name}</Typography>
      </Breadcrumbs>
      <PageHeader
        title={data.name}
        subtitle={data.description || undefined}
        backTo="/app/knowledge-base/categories"
        actions={
          <>
            {editable ? (
              <>
                <Button
                  variant="outlined"
                  startIcon={<EditIcon />}
                  onClick={() => setEditing(true)}
                  data-testid="kb-section-edit"
                >
                  {t('common.edit')}
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={() => setDeleting(true)}
                  disabled={remove.isPending}
                  data-testid="kb-section-delete"
                >
                  {t('knowledgeBase.delete')}
                </Button>
              </>
            ) : null}
            {can('knowledgebase-agregar-articulo') ? (
              <Button
                component={RouterLink}
                to={`/app/knowledge-base/article/add?sectionId=${data.id}`}
                variant="contained"
                startIcon={<PostAddIcon />}
                data-testid="kb-article-add"
              >
                {t('knowledgeBase.article.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('knowledgeBase.fields.visibleFor')}:
        </Typography>
        <AudienceChips audiences={data.visibleFor} testId="kb-section-audiences" />
      </Box>
      <DataTable
        tableId="kb-articles"
        columns={columns}
        rows={articles.data?.data ?? []}
        total={articles.data?.total ?? 0}
        loading={articles.isFetching}
        error={tableLoadError(articles, 'kb-articles-error')}
        query={query}
        onQueryChange={setQuery}
        rowKey={(article) => article.id}
        rowTestId={(article) => `kb-article-row-${article.id}`}
        onRowClick={canView ? (article) => navigate(`/app/knowledge-base/article/${article.id}/view`) : undefined}
        actions={
          editable
            ? (article) => (
                <RowAction
                  title={t('common.edit')}
                  icon={<EditIcon fontSize="small" />}
                  to={`/app/knowledge-base/article/${article.id}/edit`}
                  testId={`kb-article-edit-${article.id}`}
                />
              )
            : undefined
        }
        searchLabel={t('knowledgeBase.article.search')}
        searchTestId="kb-articles-search"
        emptyTitle={query.searchText.trim() || status ? undefined : t('knowledgeBase.article.empty')}
        filters={
          <FilterSelect
            label={t('knowledgeBase.fields.status')}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setQuery((current) => ({ ...current, page: 1 }));
            }}
            options={KB_ARTICLE_STATUSES.map((value) => ({ value, label: t(statusLabelKey(value)) }))}
            testId="kb-articles-filter-status"
            minWidth={160}
          />
        }
      />
      {editing ? <SectionDialog section={data} onClose={() => setEditing(false)} /> : null}
      <KbDeleteDialog
        target={deleting ? { kind: 'section', name: data.name, articles: data.articles } : null}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </PageContainer>
  );
}
