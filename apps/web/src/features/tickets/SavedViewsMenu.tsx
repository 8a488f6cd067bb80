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
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson, writeJson } from '../../core/storage';
import { FormField } from '../../ui/FormField';
import { SAVED_VIEWS_KEY, type SavedView, savedViewsOf, withSavedView } from './model';

/**
 * Saved views of the tickets list: the current filters under a name, applied again with one click. Kept per user in
 * this browser.
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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [views, setViews] = useState<SavedView[]>(() => savedViewsOf(readJson(SAVED_VIEWS_KEY), userId));

  const store = (next: SavedView[]) => {
    const all = (readJson<Record<string, SavedView[]>>(SAVED_VIEWS_KEY) ?? {}) as Record<string, SavedView[]>;
    writeJson(SAVED_VIEWS_KEY, { ...all, [String(userId)]: next });
    setViews(next);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('validation.required'));
      return;
    }
    store(withSavedView(views, { name, search: currentSearch }));
    setNaming(false);
    setName('');
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
            key={view.name}
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
                store(views.filter((item) => item.name !== view.name));
              }}
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
            <Button type="submit" variant="contained" data-testid="tickets-view-name-save">
              {t('common.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
