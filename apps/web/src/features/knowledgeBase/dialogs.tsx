import {
  KB_AUDIENCES,
  type KbAudience,
  type KbCategory,
  type KbSection,
  kbCategoryBodySchema,
  kbSectionBodySchema,
} from '@atiende/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/FormField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import { KB_MAX_PAGE, useKbCategories, useSaveKbCategory, useSaveKbSection } from './api';
import { audienceLabelKey } from './model';

/** Create (category null) or edit a category: name and description. */
export function CategoryDialog({ category, onClose }: { category: KbCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const save = useSaveKbCategory();
  const titleId = useId();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const values = useMemo(() => ({ name, description }), [name, description]);
  const form = useFormErrors({ values, schema: kbCategoryBodySchema });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    save.mutate(
      { id: category?.id ?? null, body: kbCategoryBodySchema.parse(values) },
      {
        onSuccess: () => {
          feedback.success(t('knowledgeBase.category.saved'));
          onClose();
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} data-testid="kb-category-dialog">
      <Box component="form" ref={form.formRef} onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {category ? t('knowledgeBase.category.edit') : t('knowledgeBase.category.add')}
        </DialogTitle>
        <DialogContent>
          <FormField
            fullWidth
            required
            autoFocus
            label={t('knowledgeBase.fields.name')}
            value={name}
            onValueChange={setName}
            error={form.errors.name}
            maxLength={120}
            testId="kb-category-name"
          />
          <FormField
            fullWidth
            multiline
            minRows={2}
            label={t('knowledgeBase.fields.description')}
            value={description}
            onValueChange={setDescription}
            error={form.errors.description}
            maxLength={1000}
            testId="kb-category-description"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="kb-category-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="kb-category-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Checkboxes of who a section is shown to. */
function AudienceField({
  value,
  onChange,
  error,
}: {
  value: readonly KbAudience[];
  onChange: (value: KbAudience[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const toggle = (audience: KbAudience, on: boolean) =>
    onChange(KB_AUDIENCES.filter((item) => (item === audience ? on : value.includes(item))));
  return (
    <FormControl component="fieldset" error={Boolean(error)} required margin="dense" sx={{ display: 'flex' }}>
      <FormLabel component="legend">{t('knowledgeBase.fields.visibleFor')}</FormLabel>
      <FormGroup row data-invalid={error ? 'true' : undefined}>
        {KB_AUDIENCES.map((audience) => (
          <FormControlLabel
            key={audience}
            label={t(audienceLabelKey(audience))}
            control={
              <Checkbox
                checked={value.includes(audience)}
                onChange={(event) => toggle(audience, event.target.checked)}
                slotProps={{ input: { 'data-testid': `kb-section-audience-${audience}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? t('knowledgeBase.help.visibleFor')}</FormHelperText>
    </FormControl>
  );
}

/** Create (section null, in `categoryId` when given) or edit a section. */
export function SectionDialog({
  section,
  categoryId,
  onClose,
  onSaved,
}: {
  section: KbSection | null;
  categoryId?: number | null;
  onClose: () => void;
  onSaved?: (section: KbSection) => void;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const save = useSaveKbSection();
  const titleId = useId();
  const categories = useKbCategories({ page: 1, sizePerPage: KB_MAX_PAGE, sortName: 'name', sortOrder: 'asc' });
  const [name, setName] = useState(section?.name ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [category, setCategory] = useState<number | null>(section?.category.id ?? categoryId ?? null);
  const [visibleFor, setVisibleFor] = useState<KbAudience[]>(() =>
    section ? [...section.visibleFor] : ['admin', 'super', 'agent'],
  );
  const values = useMemo(
    () => ({ name, description, categoryId: category, visibleFor }),
    [name, description, category, visibleFor],
  );
  const form = useFormErrors({ values, schema: kbSectionBodySchema });

  // The section's own category stays choosable even when the list does not hold it.
  const options = useMemo(() => {
    const list = (categories.data?.data ?? []).map(({ id, name: label }) => ({ id, name: label }));
    if (section && !list.some((item) => item.id === section.category.id)) list.unshift(section.category);
    return list;
  }, [categories.data, section]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    save.mutate(
      { id: section?.id ?? null, body: kbSectionBodySchema.parse(values) },
      {
        onSuccess: (saved) => {
          feedback.success(t('knowledgeBase.section.saved'));
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} data-testid="kb-section-dialog">
      <Box component="form" ref={form.formRef} onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {section ? t('knowledgeBase.section.edit') : t('knowledgeBase.section.add')}
        </DialogTitle>
        <DialogContent>
          <FormField
            fullWidth
            required
            autoFocus
            label={t('knowledgeBase.fields.name')}
            value={name}
            onValueChange={setName}
            error={form.errors.name}
            maxLength={120}
            testId="kb-section-name"
          />
          <FormField
            fullWidth
            multiline
            minRows={2}
            label={t('knowledgeBase.fields.description')}
            value={description}
            onValueChange={setDescription}
            error={form.errors.description}
            maxLength={1000}
            testId="kb-section-description"
          />
          <TextField
            select
            fullWidth
            required
            margin="dense"
            label={t('knowledgeBase.fields.category')}
            value={category ?? ''}
            onChange={(event) => setCategory(event.target.value === '' ? null : Number(event.target.value))}
            error={Boolean(form.errors.categoryId)}
            helperText={form.errors.categoryId}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'kb-section-category' } as object } }}
          >
            {options.map((option) => (
              <MenuItem key={option.id} value={option.id} data-testid={`kb-section-category-option-${option.id}`}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          <AudienceField value={visibleFor} onChange={setVisibleFor} error={form.errors.visibleFor} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="kb-section-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="kb-section-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
