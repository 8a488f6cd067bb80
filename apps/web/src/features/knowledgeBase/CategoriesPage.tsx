import './i18n';
import type { KbCategory, KbSection } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PostAddIcon from '@mui/icons-material/PostAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../app/queries';
import { EmptyState } from '../../ui/EmptyState';
import { RowAction } from '../../ui/ListPage';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDeleteKbCategory, useDeleteKbSection, useKbCategories, useKbSections } from './api';
import { AudienceChips, countsText, KbDeleteDialog } from './components';
import { CategoryDialog, SectionDialog } from './dialogs';
import { KbTabs, Pager } from './layout';
import { KB_SEARCH_DEBOUNCE_MS, KbSearchInput, KbSearchResults, useDebouncedValue } from './search';

type Editing =
  | { kind: 'category'; category: KbCategory | null }
  | { kind: 'section'; section: KbSection | null; categoryId: number | null }
  | null;

type Deleting = { kind: 'category'; category: KbCategory } | { kind: 'section'; section: KbSection } | null;

/** One category's sections, a server page at a time. */
function CategorySections({
  category,
  editable,
  onEdit,
  onDelete,
}: {
  category: KbCategory;
  editable: boolean;
  onEdit: (section: KbSection) => void;
  onDelete: (section: KbSection) => void;
}) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [paging, setPaging] = useState({ page: 1, sizePerPage: 5 });
  const sections = useKbSections({
    categoryId: category.id,
    page: paging.page,
    sizePerPage: paging.sizePerPage,
    sortName: 'name',
    sortOrder: 'asc',
  });
  const canOpen = can('knowledgebase-ver-secciones');
  const rows = sections.data?.data ?? [];

  if (sections.isError && !sections.data) {
    return <LoadError error={sections.error} onRetry={sections.refetch} testId={`kb-sections-error-${category.id}`} />;
  }
  return (
    <Box data-testid={`kb-sections-${category.id}`}>
      <Box sx={{ height: 4 }}>{sections.isFetching ? <LinearProgress /> : null}</Box>
      {sections.isSuccess && rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1.5, px: 2 }}>
          {t('knowledgeBase.section.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('knowledgeBase.section.title')}>
          {rows.map((section) => (
            <Box
              component="li"
              key={section.id}
              data-testid={`kb-section-row-${section.id}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 1.5,
                px: 2,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                {canOpen ? (
                  <Link
                    component={RouterLink}
                    to={`/app/knowledge-base/sections/${section.id}`}
                    underline="hover"
                    sx={{ fontWeight: 600 }}
                    data-testid={`kb-section-link-${section.id}`}
                  >
                    {section.name}
                  </Link>
                ) : (
                  <Typography sx={{ fontWeight: 600 }}>{section.name}</Typography>
                )}
                {section.description ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {section.description}
                  </Typography>
                ) : null}
              </Box>
              <AudienceChips audiences={section.visibleFor} testId={`kb-section-audiences-${section.id}`} />
              <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 90, textAlign: 'end' }}>
                {t('knowledgeBase.counts.articles', { count: section.articles })}
              </Typography>
              {editable ? (
                <Box sx={{ display: 'flex' }}>
                  <RowAction
                    title={t('knowledgeBase.section.edit')}
                    icon={<EditIcon fontSize="small" />}
                    onClick={() => onEdit(section)}
                    testId={`kb-section-edit-${section.id}`}
                  />
                  <RowAction
                    title={t('knowledgeBase.section.deleteTitle')}
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => onDelete(section)}
                    testId={`kb-section-delete-${section.id}`}
                    color="error"
                  />
                </Box>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
      {(sections.data?.total ?? 0) > 5 ? (
        <Pager
          total={sections.data?.total ?? 0}
          page={paging.page}
          sizePerPage={paging.sizePerPage}
          onChange={(page, sizePerPage) => setPaging({ page, sizePerPage })}
          testId={`kb-sections-pager-${category.id}`}
        />
      ) : null}
    </Box>
  );
}

function CategoryCard({
  category,
  editable,
  onEdit,
  onDelete,
  onAddSection,
  onEditSection,
  onDeleteSection,
}: {
  category: KbCategory;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAddSection: () => void;
  onEditSection: (section: KbSection) => void;
  onDeleteSection: (section: KbSection) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const sectionsId = `kb-category-sections-${category.id}`;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={`kb-category-${category.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2, pb: open ? 1 : 2 }}>
        <RowAction
          title={open ? t('knowledgeBase.category.collapse') : t('knowledgeBase.category.expand')}
          icon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setOpen((current) => !current)}
          testId={`kb-category-toggle-${category.id}`}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700 }}
            data-testid={`kb-category-name-${category.id}`}
          >
            {category.name}
          </Typography>
          {category.description ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {category.description}
            </Typography>
          ) : null}
          <Box
            sx={{ display: 'flex', gap: 0.75, mt: 0.75, flexWrap: 'wrap' }}
            data-testid={`kb-category-counts-${category.id}`}
          >
            <Chip size="small" label={t('knowledgeBase.counts.sections', { count: category.sections })} />
            <Chip size="small" label={t('knowledgeBase.counts.articles', { count: category.articles })} />
          </Box>
        </Box>
        {editable ? (
          <Box sx={{ display: 'flex', flexShrink: 0 }}>
            <RowAction
              title={t('knowledgeBase.section.add')}
              icon={<CreateNewFolderIcon fontSize="small" />}
              onClick={onAddSection}
              testId={`kb-category-add-section-${category.id}`}
            />
            <RowAction
              title={t('knowledgeBase.category.edit')}
              icon={<EditIcon fontSize="small" />}
              onClick={onEdit}
              testId={`kb-category-edit-${category.id}`}
            />
            <RowAction
              title={t('knowledgeBase.category.deleteTitle')}
              icon={<DeleteIcon fontSize="small" />}
              onClick={onDelete}
              testId={`kb-category-delete-${category.id}`}
              color="error"
            />
          </Box>
        ) : null}
      </Box>
      {open ? (
        <Box id={sectionsId}>
          <CategorySections category={category} editable={editable} onEdit={onEditSection} onDelete={onDeleteSection} />
        </Box>
      ) : null}
    </Card>
  );
}

/** /app/knowledge-base/categories: the whole-base search, then the categories with their sections. */
export function KnowledgeBaseCategoriesPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const editable = can('knowledgebase-editar-articulo');
  const [paging, setPaging] = useState({ page: 1, sizePerPage: 10 });
  const categories = useKbCategories({ ...paging, sortName: 'name', sortOrder: 'asc' });
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, KB_SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const deleteCategory = useDeleteKbCategory();
  const deleteSection = useDeleteKbSection();
  const rows = categories.data?.data ?? [];

  const confirmDelete = () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    const done = (counts: { sections: number; articles: number }) =>
      feedback.success(
        t(target.kind === 'category' ? 'knowledgeBase.category.deleted' : 'knowledgeBase.section.deleted', {
          what: countsText(t, counts),
        }),
      );
    if (target.kind === 'category') {
      deleteCategory.mutate(target.category.id, { onSuccess: done, onError: (error) => feedback.failure(error) });
    } else {
      deleteSection.mutate(target.section.id, { onSuccess: done, onError: (error) => feedback.failure(error) });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.knowledgeBase')}
        subtitle={t('knowledgeBase.subtitle')}
        actions={
          <>
            {can('knowledgebase-agregar-articulo') ? (
              <Button
                component={RouterLink}
                to="/app/knowledge-base/article/add"
                variant="outlined"
                startIcon={<PostAddIcon />}
                data-testid="kb-article-add"
              >
                {t('knowledgeBase.article.add')}
              </Button>
            ) : null}
            {editable ? (
              <>
                <Button
                  variant="outlined"
                  startIcon={<CreateNewFolderIcon />}
                  onClick={() => setEditing({ kind: 'section', section: null, categoryId: null })}
                  data-testid="kb-section-add"
                >
                  {t('knowledgeBase.section.add')}
                </Button>
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setEditing({ kind: 'category', category: null })}
                  data-testid="kb-category-add"
                >
                  {t('knowledgeBase.category.add')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <KbTabs current="categories" />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-label={t('knowledgeBase.search.label')}>
        <KbSearchInput value={search} onChange={setSearch} />
        <KbSearchResults query={query} />
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('knowledgeBase.category.title')}
      </Typography>
      <Box sx={{ height: 4, mb: 1 }}>{categories.isFetching ? <LinearProgress /> : null}</Box>
      {categories.isError && !categories.data ? (
        <LoadError error={categories.error} onRetry={categories.refetch} testId="kb-categories-error" />
      ) : categories.isSuccess && rows.length === 0 ? (
        <EmptyState
          title={t('knowledgeBase.category.empty')}
          description={editable ? t('knowledgeBase.category.emptyHelp') : undefined}
          data-testid="kb-categories-empty"
        />
      ) : (
        <Box data-testid="kb-categories">
          {rows.map((category) => (
            <CategoryCard
              key={category.id}
              category={category}
              editable={editable}
              onEdit={() => setEditing({ kind: 'category', category })}
              onDelete={() => setDeleting({ kind: 'category', category })}
              onAddSection={() => setEditing({ kind: 'section', section: null, categoryId: category.id })}
              onEditSection={(section) => setEditing({ kind: 'section', section, categoryId: category.id })}
              onDeleteSection={(section) => setDeleting({ kind: 'section', section })}
            />
          ))}
        </Box>
      )}
      {(categories.data?.total ?? 0) > 0 ? (
        <Pager
          total={categories.data?.total ?? 0}
          page={paging.page}
          sizePerPage={paging.sizePerPage}
          options={[10, 25, 50]}
          onChange={(page, sizePerPage) => setPaging({ page, sizePerPage })}
          testId="kb-categories-pager"
        />
      ) : null}
      {editing?.kind === 'category' ? (
        <CategoryDialog category={editing.category} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'section' ? (
        <SectionDialog section={editing.section} categoryId={editing.categoryId} onClose={() => setEditing(null)} />
      ) : null}
      <KbDeleteDialog
        target={
          deleting?.kind === 'category'
            ? {
                kind: 'category',
                name: deleting.category.name,
                sections: deleting.category.sections,
                articles: deleting.category.articles,
              }
            : deleting?.kind === 'section'
              ? { kind: 'section', name: deleting.section.name, articles: deleting.section.articles }
              : null
        }
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
