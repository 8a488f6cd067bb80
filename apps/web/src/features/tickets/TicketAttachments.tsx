import { ATTACHMENT_MAX_BYTES, type Ticket } from '@atiende/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../ui/format';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useAttachmentDownload, useUploadAttachment } from './api';

/** The ticket's files: upload (checked again by the server, by content) and download (always as a file). */
export function TicketAttachments({ ticket, canUpload }: { ticket: Ticket; canUpload: boolean }) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAttachment(ticket.id);
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > ATTACHMENT_MAX_BYTES) {
      feedback.notify(t('tickets.attachments.tooLarge'), 'error');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => feedback.success(t('tickets.attachments.uploaded')),
      onError: (error) => feedback.failure(error),
    });
  };
  const download = useAttachmentDownload(ticket.id);
  return (
    <Box data-testid="ticket-attachments">
      {ticket.attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tickets.attachments.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {ticket.attachments.map((attachment) => (
            <ListItem
              key={attachment.id}
              disableGutters
              data-testid={`ticket-attachment-${attachment.id}`}
              secondaryAction={
                <Tooltip title={t('tickets.attachments.download')}>
                  <IconButton
                    edge="end"
                    onClick={() => void download(attachment.id, attachment.fileName)}
                    aria-label={t('tickets.attachments.download')}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={attachment.fileName}
                secondary={
                  <>
                    <bdi dir="ltr">{formatFileSize(attachment.size, i18n.language)}</bdi> ·{' '}
                    {attachment.uploadedBy ? (
                      <>
                        <bdi>{attachment.uploadedBy.nombre}</bdi> ·{' '}
                      </>
                    ) : null}
                    <bdi>{formatDateTime(attachment.createdAt, i18n.language)}</bdi>
                  </>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canUpload ? (
        <>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="ticket-attachment-input"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            size="small"
            startIcon={<AttachFileIcon />}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
            sx={{ mt: 1 }}
          >
            {t('tickets.attachments.add')}
          </Button>
        </>
      ) : null}
    </Box>
  );
}
