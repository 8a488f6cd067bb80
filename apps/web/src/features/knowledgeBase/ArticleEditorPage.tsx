import './i18n';
import {
  KB_ARTICLE_STATUSES,
  KB_LANGUAGES,
  KB_LIMITS,
  type KbArticle,
  type KbArticleStatus,
  type KbLanguage,
  kbArticleBodySchema,
} from '@atiende/contracts';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { FormField } from '../../ui/FormField';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { useFormErrors } from '../../ui/useFormErrors';
import { useKbArticle, useKbSectionChoices, useSaveKbArticle } from './api';
import { KbAttachments } from './attachments';
import { KbRichEditor } from './KbRichEditor';
import {
  type ArticleFormState,
  articleFormToBody,
  articleToForm,
  emptyArticleForm,
  groupSectionsByCategory,
  languageLabelKey,
  statusLabelKey,
} from './model';

/** The first error under `labels` (the list, or one label: `labels.2`). */
function labelsError(errors: Record<string, string>): string | undefined {
  const key = Object.keys(errors).find((field) => field === 'labels' || field.startsWith('labels.'));
  return key ? errors[key] : undefined;
}

export function ArticleForm({
  article,
  initialSectionId,
}: {
  article: KbArticle | null;
  initialSectionId: number | null;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const save = useSaveKbArticle();
  const sections = useKbSectionChoices();
  const [state, setState] = useState<ArticleFormState>(() =>
    article
      ? articleToForm(article)
      : emptyArticleForm(initialSectionId, i18n.language?.startsWith('en') ? 'en' : 'es'),
  );
  const [labelInput, setLabelInput] = useState('');
  const body = useMemo(() => articleFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: kbArticleBodySchema });
  const { errors } = form;

  const set =
    <K extends keyof ArticleFormState>(field: K) =>
    (value: ArticleFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const groups = useMemo(() => {
    const list = [...(sections.data ?? [])];
    // The article's own section stays choosable (and named) even when the list does not hold it.
    if (article && !list.some((section) => section.id === article.section.id)) {
      list.push({
        id: article.section.id,
        name: article.section.name,
        description: '',
        category: article.section.category,
        visibleFor: [],
        articles: 0,
        createdAt: article.createdAt,
        updatedAt: article.updatedAt,
      });
    }
    return groupSectionsByCategory(list, i18n.language);
  }, [sections.data, article, i18n.language]);
  const knownSection = groups.some((group) => group.sections.some((section) => section.id === state.sectionId));

  const sectionOptions: ReactNode[] = groups.flatMap((group) => [
    <ListSubheader key={`c${group.category.id}`}>{group.category.name}</ListSubheader>,
    ...group.sections.map((section) => (
      <MenuItem
        key={section.id}
        value={section.id}
        sx={{ paddingInlineStart: 4 }}
        data-testid={`kb-article-section-option-${section.id}`}
      >
        {section.name}
      </MenuItem>
    )),
  ]);

  const addLabel = (raw: string) => {
    const label = raw.trim();
    if (label && !state.labels.includes(label)) set('labels')([...state.labels, label]);
    setLabelInput('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (labelInput.trim()) addLabel(labelInput);
    const values = labelInput.trim() ? { ...body, labels: [...(body.labels ?? []), labelInput.trim()] } : body;
    const parsed = kbArticleBodySchema.safeParse(values);
    if (!form.check() || !parsed.success) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(
      { id: article?.id ?? null, body: parsed.data },
      {
        onSuccess: (saved) => {
          feedback.success(t('knowledgeBase.article.saved'));
          navigate(`/app/knowledge-base/article/${saved.id}/view`);
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="kb-article-form">
      <Section title={t('knowledgeBase.article.general')}>
        <FormField
          fullWidth
          required
          name="title"
          label={t('knowledgeBase.fields.title')}
          value={state.title}
          onValueChange={set('title')}
          error={errors.title}
          maxLength={200}
          testId="kb-article-title"
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <Box sx={FORM_GRID}>
          <TextField
            select
            required
            margin="dense"
            label={t('knowledgeBase.fields.section')}
            value={knownSection ? (state.sectionId ?? '') : ''}
            onChange={(event) => set('sectionId')(event.target.value === '' ? null : Number(event.target.value))}
            error={Boolean(errors.sectionId)}
            helperText={errors.sectionId ?? (sections.isError ? t('knowledgeBase.article.sectionsFailed') : undefined)}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'kb-article-section' } as object },
              htmlInput: { 'aria-invalid': errors.sectionId ? 'true' : undefined },
            }}
          >
            {sectionOptions}
          </TextField>
          <TextField
            select
            margin="dense"
            label={t('knowledgeBase.fields.language')}
            value={state.language}
            onChange={(event) => set('language')(event.target.value as KbLanguage)}
            helperText={t('knowledgeBase.help.language')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'kb-article-language' } as object } }}
          >
            {KB_LANGUAGES.map((language) => (
              <MenuItem key={language} value={language} data-testid={`kb-article-language-option-${language}`}>
                {t(languageLabelKey(language))}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            margin="dense"
            label={t('knowledgeBase.fields.status')}
            value={state.status}
            onChange={(event) => set('status')(event.target.value as KbArticleStatus)}
            helperText={t(`knowledgeBase.help.status.${state.status}`)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'kb-article-status' } as object } }}
          >
            {KB_ARTICLE_STATUSES.map((status) => (
              <MenuItem key={status} value={status} data-testid={`kb-article-status-option-${status}`}>
                {t(statusLabelKey(status))}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            freeSolo
            options={[] as string[]}
            value={state.labels}
            inputValue={labelInput}
            onInputChange={(_, value, reason) => {
              // A comma ends a label, as Enter does.
              if (reason === 'input' && value.endsWith(',')) addLabel(value.slice(0, -1));
              else setLabelInput(value);
            }}
            onChange={(_, value) => set('labels')([...new Set(value.map((label) => label.trim()).filter(Boolean))])}
            onBlur={() => {
              if (labelInput.trim()) addLabel(labelInput);
            }}
            renderValue={(value, getItemProps) =>
              value.map((label, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={label} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                margin="dense"
                label={t('knowledgeBase.fields.labels')}
                error={Boolean(labelsError(errors))}
                helperText={labelsError(errors) ?? t('knowledgeBase.help.labels', { max: KB_LIMITS.labels })}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'kb-article-labels', maxLength: 40 },
                }}
              />
            )}
          />
        </Box>
      </Section>
      <Section title={t('knowledgeBase.fields.body')}>
        <KbRichEditor
          label={t('knowledgeBase.fields.body')}
          value={state.body}
          onChange={set('body')}
          error={errors.body}
        />
        {errors.body ? (
          <Box sx={{ color: 'error.main', typography: 'caption', mt: 0.5 }} data-testid="kb-article-body-error">
            {errors.body}
          </Box>
        ) : null}
      </Section>
      <Section title={t('knowledgeBase.attachments.title')}>
        {article ? (
          <KbAttachments article={article} editable />
        ) : (
          <Alert severity="info" data-testid="kb-attachments-after-save">
            {t('knowledgeBase.attachments.afterSave')}
          </Alert>
        )}
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <Button
          component={RouterLink}
          to={article ? `/app/knowledge-base/article/${article.id}/view` : '/app/knowledge-base/categories'}
          data-testid="kb-article-cancel"
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          data-testid="kb-article-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /app/knowledge-base/article/add(?sectionId=N) and /app/knowledge-base/article/:id/edit. */
export function KnowledgeBaseArticleEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const { can } = usePermissions();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const article = useKbArticle(id);
  const gate = useEditGate(mode, id, article, 'kb-article-not-found', t('knowledgeBase.article.notFound'));
  if (gate) return gate;
  const data = article.data ?? null;
  const sectionId = parseId(search.get('sectionId') ?? undefined);
  const back = data
    ? `/app/knowledge-base/article/${data.id}/view`
    : sectionId && can('knowledgebase-ver-secciones')
      ? `/app/knowledge-base/sections/${sectionId}`
      : '/app/knowledge-base/categories';
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title={data ? t('knowledgeBase.article.editTitle', { title: data.title }) : t('knowledgeBase.article.add')}
        backTo={back}
      />
      <ArticleForm key={data?.id ?? 'new'} article={data} initialSectionId={sectionId} />
    </PageContainer>
  );
}
