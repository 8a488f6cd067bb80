import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { readJson, writeJson } from '../../core/storage';
import { FormField } from '../../ui/FormField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDeleteTicketListView, useSaveTicketListView, useTicketListViews } from './api';
import { LEGACY_SAVED_VIEWS_KEY, legacySavedViewsOf } from './model';

/**
 * Views that earlier versions kept in this browser move to the user's account once; the browser's copy is dropped
 * only after every view reached the server.
 */
function useMoveLegacyViews(userId: number, ready: boolean) {
  const save = useSaveTicketListView();
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    const stored = readJson<Record<string, unknown>>(LEGACY_SAVED_VIEWS_KEY);
    const legacy = legacySavedViewsOf(stored, userId);
    if (legacy.length === 0) return;
    started.current = true;
    void Promise.all(
      legacy.map((view) => save.mutateAsync({ name: view.name.trim().slice(0, 60), search: view.search })),
    )
      .then(() => {
        const { [String(userId)]: _moved, ...others } = stored ?? {};
        writeJson(LEGACY_SAVED_VIEWS_KEY, others);
      })
      .catch(() => {
        // Kept in the browser: the next visit tries again.
      });
  }, [ready, userId, save]);
}

/**
 * Saved views of the tickets list: the current filters under a name, applied again with one click. Kept per user on
 * the server, so they follow the user to every browser.
 */
export function SavedViewsMenu({
  userId,
  currentSearch,
  onApply,
}: {
  userId: number;
  currentSearch: string;
  onApply: (search: string) => void;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const list = useTicketListViews();
  const views = list.data ?? [];
  const saveView = useSaveTicketListView();
  const deleteView = useDeleteTicketListView();
  useMoveLegacyViews(userId, list.isSuccess);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('validation.required'));
      return;
    }
    saveView.mutate(
      { name: name.trim(), search: currentSearch },
      {
        onSuccess: () => {
          feedback.success(t('tickets.views.saved'));
          setNaming(false);
          setName('');
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fields : {};
          if (fields.name || fields.search) setError(fields.name ?? fields.search);
          else feedback.failure(failure);
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarksIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        data-testid="tickets-views"
      >
        {t('tickets.views.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} data-testid="tickets-views-menu">
        {views.map((view) => (
          <MenuItem
            key={view.id}
            onClick={() => {
              setAnchor(null);
              onApply(view.search);
            }}
            data-testid={`tickets-view-${view.name}`}
          >
            <ListItemText primary={view.name} />
            <IconButton
              size="small"
              edge="end"
              aria-label={t('tickets.views.delete', { name: view.name })}
              onClick={(event) => {
                event.stopPropagation();
                deleteView.mutate(view.id, { onError: (failure) => feedback.failure(failure) });
              }}
              disabled={deleteView.isPending}
              sx={{ marginInlineStart: 2 }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        {views.length > 0 ? <Divider /> : null}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
          data-testid="tickets-view-save"
        >
          <ListItemIcon>
            <BookmarkAddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('tickets.views.save')} />
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} maxWidth="xs" fullWidth>
        <form onSubmit={save} noValidate>
          <DialogTitle>{t('tickets.views.save')}</DialogTitle>
          <DialogContent>
            <FormField
              autoFocus
              fullWidth
              label={t('tickets.views.name')}
              helperText={t('tickets.views.help')}
              value={name}
              onValueChange={(value) => {
                setName(value);
                setError(undefined);
              }}
              error={error}
              maxLength={60}
              testId="tickets-view-name"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>{t('common.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={saveView.isPending}
              data-testid="tickets-view-name-save"
            >
              {t('common.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
