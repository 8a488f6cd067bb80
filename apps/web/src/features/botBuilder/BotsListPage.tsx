import './i18n';
import type { BotListItem } from '@atiende/contracts';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import type { EnabledFilter } from '../../ui/EnabledSelect';
import { formatDateTime } from '../../ui/format';
import { ListPage, RowAction } from '../../ui/ListPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { downloadJson, fetchBotExport, useBotList, useImportBot } from './api';
import { exportFileName } from './model';

/** /app/bot-builder/bots: the bots, server-paged, with import and export as files. */
export function BotsListPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const [enabled, setEnabled] = useState<EnabledFilter>('all');
  const params = useMemo(
    () => ({ ...tableQueryParams(query), enabled: enabled === 'all' ? undefined : enabled }),
    [query, enabled],
  );
  const list = useBotList(params);
  const importBot = useImportBot();
  const fileInput = useRef<HTMLInputElement>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const canOpen = can('editar-bot') || can('ver-lista-bots');
  const canAdd = can('agregar-bot');

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImportErrors([]);
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      feedback.notify(t('botBuilder.importInvalidJson'), 'error');
      return;
    }
    importBot.mutate(content, {
      onSuccess: (bot) => {
        feedback.success(t('botBuilder.imported'));
        navigate(`/app/bot-builder/bots/${bot.id}/edit`);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          setImportErrors(Object.entries(error.fields).map(([field, message]) => `${field}: ${message}`));
        }
        feedback.failure(error);
      },
    });
  };

  const onExport = async (bot: BotListItem) => {
    try {
      downloadJson(exportFileName(bot.name), await fetchBotExport(bot.id));
    } catch (error) {
      feedback.failure(error);
    }
  };

  const columns: DataTableColumn<BotListItem>[] = [
    {
      id: 'name',
      label: t('botBuilder.columns.name'),
      sortKey: 'name',
      render: (bot) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {bot.name}
        </Typography>
      ),
    },
    {
      id: 'description',
      label: t('botBuilder.columns.description'),
      render: (bot) => (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}
          noWrap
        >
          {bot.description || '—'}
        </Typography>
      ),
    },
    {
      id: 'published',
      label: t('botBuilder.columns.published'),
      render: (bot) =>
        bot.publishedVersion ? (
          <Chip
            size="small"
            color="success"
            label={t('botBuilder.versionNumber', { number: bot.publishedVersion.number })}
            data-testid={`bot-published-${bot.id}`}
          />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            label={t('botBuilder.unpublished')}
            data-testid={`bot-published-${bot.id}`}
          />
        ),
    },
    { id: 'versions', label: t('botBuilder.columns.versions'), align: 'right', render: (bot) => bot.versionCount },
    { id: 'enabled', label: t('common.enabled'), render: (bot) => <EnabledChip enabled={bot.enabled} /> },
    {
      id: 'updatedAt',
      label: t('botBuilder.columns.updatedAt'),
      render: (bot) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(bot.updatedAt, i18n.language)}
        </Box>
      ),
    },
  ];

  return (
    <ListPage
      title={t('menu.items.botBuilder')}
      subtitle={t('botBuilder.subtitle')}
      add={canAdd && { to: '/app/bot-builder/bots/add', label: t('botBuilder.add'), testId: 'bot-add' }}
      headerActions={
        canAdd ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              hidden
              onChange={(event) => void onFile(event)}
              data-testid="bot-import-file"
              aria-label={t('botBuilder.import')}
            />
            <Button
              variant="outlined"
              startIcon={<FileUploadIcon />}
              onClick={() => fileInput.current?.click()}
              disabled={importBot.isPending}
              data-testid="bot-import"
            >
              {t('botBuilder.import')}
            </Button>
          </>
        ) : null
      }
      list={list}
      tableId="bots"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(bot) => bot.id}
      rowTestId={(bot) => `bot-row-${bot.id}`}
      rowLink={canOpen && ((bot) => `/app/bot-builder/bots/${bot.id}/edit`)}
      searchLabel={t('botBuilder.search')}
      searchTestId="bots-search"
      emptyTitle={query.searchText.trim() || enabled !== 'all' ? undefined : t('botBuilder.empty')}
      enabledFilter={{ value: enabled, onChange: setEnabled, testId: 'bots-filter-enabled' }}
      rowActions={(bot) =>
        canOpen ? (
          <RowAction
            title={t('botBuilder.export')}
            icon={<FileDownloadIcon fontSize="small" />}
            onClick={() => void onExport(bot)}
            testId={`bot-export-${bot.id}`}
          />
        ) : null
      }
    >
      {importErrors.length ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setImportErrors([])} data-testid="bot-import-errors">
          {importErrors.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      ) : null}
    </ListPage>
  );
}
