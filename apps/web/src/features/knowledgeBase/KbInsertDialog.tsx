import './i18n';
import type { KbSearchHit } from '@atiende/contracts';
import LinkIcon from '@mui/icons-material/Link';
import ShortTextIcon from '@mui/icons-material/ShortText';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { fetchKbArticle } from './api';
import { kbKeys } from './keys';
import { insertArticleText, insertLinkText } from './model';
import { KB_SEARCH_DEBOUNCE_MS, KbSearchInput, KbSearchResults, useDebouncedValue } from './search';

/** Search the published articles and insert one's public link (`title: url`) or its text into the reply. */
export function KbInsertDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const client = useQueryClient();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, KB_SEARCH_DEBOUNCE_MS);
  const [loading, setLoading] = useState<number | null>(null);

  const insertText = async (hit: KbSearchHit) => {
    setLoading(hit.id);
    try {
      const article = await client.fetchQuery({
        queryKey: kbKeys.article(hit.id),
        queryFn: () => fetchKbArticle(hit.id),
        staleTime: 30_000,
      });
      onInsert(insertArticleText(article));
    } catch (error) {
      feedback.failure(error);
    } finally {
      setLoading(null);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      data-testid="kb-insert-dialog"
    >
      <DialogTitle id={titleId}>{t('knowledgeBase.insert.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('knowledgeBase.insert.help')}
        </Typography>
        <KbSearchInput value={search} onChange={setSearch} autoFocus />
        <KbSearchResults
          query={query}
          publishedOnly
          linkTitles={false}
          actions={(hit) => {
            const link = insertLinkText(hit);
            return (
              <>
                <Tooltip title={link ? '' : t('knowledgeBase.insert.noPublicUrl')}>
                  <span>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<LinkIcon />}
                      disabled={!link}
                      onClick={() => link && onInsert(link)}
                      data-testid={`kb-insert-link-${hit.id}`}
                    >
                      {t('knowledgeBase.insert.link')}
                    </Button>
                  </span>
                </Tooltip>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={loading === hit.id ? <CircularProgress size={16} /> : <ShortTextIcon />}
                  disabled={loading !== null}
                  onClick={() => void insertText(hit)}
                  data-testid={`kb-insert-text-${hit.id}`}
                >
                  {t('knowledgeBase.insert.text')}
                </Button>
              </>
            );
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="kb-insert-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
