import type { FailedInboundMessage } from '@atiende/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadApiFile } from '../../api/download';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { formatDateTime, formatFileSize } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { Section } from '../../ui/Section';
import { TablePager } from '../../ui/TablePager';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFailedInbound, useFailedInboundAction } from './api';

const PAGE_SIZES = [10, 25, 50];

/**
 * The messages a channel received but could not record (docs/api/email.md), for whoever may edit the channel: why,
 * when, from whom; retry one (processed again from its kept original), download the original, or discard it.
 */
export function FailedInboundMessages({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sizePerPage, setSizePerPage] = useState(PAGE_SIZES[0]);
  const list = useFailedInbound(channelId, page, sizePerPage);
  const [discarding, setDiscarding] = useState<FailedInboundMessage | null>(null);
  const feedback = useApiFeedback();
  const { discard } = useFailedInboundAction(channelId);
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Section title={t('channels.failed.title')} testId="channel-failed-messages">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('channels.failed.help')}
      </Typography>
      {list.isLoading ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <EmptyState
          data-testid="channel-failed-empty"
          icon={<MarkEmailReadOutlinedIcon fontSize="inherit" />}
          title={t('channels.failed.empty')}
        />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <FailedMessageRow key={row.id} channelId={channelId} row={row} onDiscard={() => setDiscarding(row)} />
          ))}
        </Box>
      )}
      {total > PAGE_SIZES[0] ? (
        <TablePager
          count={total}
          page={page - 1}
          onPageChange={(next) => setPage(next + 1)}
          rowsPerPage={sizePerPage}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(size) => {
            setSizePerPage(size);
            setPage(1);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={discarding !== null}
        title={t('channels.failed.discardTitle')}
        message={t('channels.failed.discardMessage')}
        confirmLabel={t('channels.failed.discard')}
        destructive
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const row = discarding;
          setDiscarding(null);
          if (!row) return;
          discard.mutate(row.id, {
            onSuccess: () => feedback.success(t('channels.failed.discarded')),
            onError: (error) => feedback.failure(error),
          });
        }}
      />
    </Section>
  );
}

function FailedMessageRow({
  channelId,
  row,
  onDiscard,
}: {
  channelId: number;
  row: FailedInboundMessage;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const { retry } = useFailedInboundAction(channelId);
  const subject = row.subject || t('channels.failed.noSubject');
  const download = async () => {
    try {
      await downloadApiFile(`channels/${channelId}/failed-messages/${row.id}/source`, {}, `${subject}.eml`);
    } catch (error) {
      feedback.failure(error);
    }
  };
  return (
    <Box
      component="li"
      data-testid={`channel-failed-${row.id}`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={t(`channels.failed.reasons.${row.reason}`)}
            data-testid="channel-failed-reason"
          />
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <bdi>{subject}</bdi>
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('channels.failed.from')} <bdi dir="auto">{row.sender || t('channels.failed.unknownSender')}</bdi>
          {' · '}
          {t('channels.failed.failedAt', { date: formatDateTime(row.createdAt, i18n.language) })}
          {' · '}
          {t('channels.failed.attempts', { count: row.attempts })}
          {' · '}
          <bdi dir="ltr">{formatFileSize(row.size, i18n.language)}</bdi>
        </Typography>
        {row.detail ? (
          <Typography
            variant="caption"
            component="p"
            sx={{ color: 'text.secondary', fontFamily: 'monospace', mt: 0.5, overflowWrap: 'anywhere' }}
          >
            {/* The server's own words read left to right, aligned with the rest of the row. */}
            <bdi dir="ltr">{row.detail}</bdi>
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Button
          size="small"
          variant="contained"
          startIcon={<ReplayIcon />}
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(row.id, {
              onSuccess: (result) =>
                feedback.success(
                  t(result.status === 'skipped' ? 'channels.failed.skipped' : 'channels.failed.recorded'),
                ),
              onError: (error) => feedback.failure(error),
            })
          }
          data-testid="channel-failed-retry"
        >
          {t('channels.failed.retry')}
        </Button>
        <Tooltip title={t('channels.failed.download')}>
          <IconButton
            onClick={() => void download()}
            aria-label={t('channels.failed.download')}
            data-testid="channel-failed-download"
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('channels.failed.discard')}>
          <IconButton
            onClick={onDiscard}
            aria-label={t('channels.failed.discard')}
            data-testid="channel-failed-discard"
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
