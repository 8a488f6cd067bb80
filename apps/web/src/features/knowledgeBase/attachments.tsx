import { KB_LIMITS, type KbArticle, type KbAttachment } from '@atiende/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatFileSize } from '../../ui/format';
import { RowAction } from '../../ui/ListPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { downloadKbAttachment, useDeleteKbAttachment, useUploadKbAttachment } from './api';

/** The article's files: download for everyone who sees it; upload and remove for editors. */
export function KbAttachments({ article, editable }: { article: KbArticle; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const upload = useUploadKbAttachment(article.id);
  const remove = useDeleteKbAttachment(article.id);
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<KbAttachment | null>(null);
  const full = article.attachments.length >= KB_LIMITS.attachments;

  const add = (file: File | undefined) => {
    if (!file) return;
    if (file.size > KB_LIMITS.attachmentBytes) {
      feedback.notify(
        t('knowledgeBase.attachments.tooLarge', { mb: KB_LIMITS.attachmentBytes / 1024 / 1024 }),
        'error',
      );
      return;
    }
    upload.mutate(file, {
      onSuccess: () => feedback.success(t('knowledgeBase.attachments.uploaded')),
      onError: (error) => feedback.failure(error),
    });
  };

  const download = (attachment: KbAttachment) =>
    void downloadKbAttachment(article.id, attachment).catch((error) => feedback.failure(error));

  return (
    <Box data-testid="kb-attachments">
      {article.attachments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="kb-attachments-empty">
          {t('knowledgeBase.attachments.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {article.attachments.map((attachment) => (
            <Box
              component="li"
              key={attachment.id}
              data-testid={`kb-attachment-${attachment.id}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
            >
              <AttachFileIcon fontSize="small" sx={{ color: 'text.secondary' }} />
              <Link
                component="button"
                type="button"
                onClick={() => download(attachment)}
                underline="hover"
                sx={{ textAlign: 'start', overflowWrap: 'anywhere' }}
                data-testid={`kb-attachment-download-${attachment.id}`}
              >
                {attachment.name}
              </Link>
              <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {formatFileSize(attachment.size, i18n.language)}
              </Typography>
              <Box sx={{ marginInlineStart: 'auto', display: 'flex' }}>
                <RowAction
                  title={t('knowledgeBase.attachments.download', { name: attachment.name })}
                  icon={<DownloadIcon fontSize="small" />}
                  onClick={() => download(attachment)}
                  testId={`kb-attachment-save-${attachment.id}`}
                />
                {editable ? (
                  <RowAction
                    title={t('knowledgeBase.attachments.remove', { name: attachment.name })}
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => setRemoving(attachment)}
                    testId={`kb-attachment-delete-${attachment.id}`}
                    color="error"
                  />
                ) : null}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {editable ? (
        <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="kb-attachment-input"
            onChange={(event) => {
              add(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadFileIcon />}
            disabled={upload.isPending || full}
            onClick={() => input.current?.click()}
            data-testid="kb-attachment-upload"
          >
            {t('knowledgeBase.attachments.add')}
          </Button>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('knowledgeBase.attachments.limits', {
              max: KB_LIMITS.attachments,
              mb: KB_LIMITS.attachmentBytes / 1024 / 1024,
            })}
          </Typography>
        </Box>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('knowledgeBase.attachments.removeTitle')}
        message={removing ? t('knowledgeBase.attachments.removeMessage', { name: removing.name }) : ''}
        confirmLabel={t('knowledgeBase.delete')}
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing;
          setRemoving(null);
          if (target) remove.mutate(target.id, { onError: (error) => feedback.failure(error) });
        }}
      />
    </Box>
  );
}
