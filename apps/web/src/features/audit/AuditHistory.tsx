import type { AuditEntry } from '@atiende/contracts';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { usePermissions } from '../../app/queries';
import { EmptyState } from '../../ui/EmptyState';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/PageLoader';
import { AuditChangeLines } from './AuditChanges';
import { AUDIT_PERMISSION, auditKeys } from './keys';

/** The list of audit entries (who, when in local time, the action, and what changed in words). */
export function AuditEntryList({ entries }: { entries: readonly AuditEntry[] }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <EmptyState data-testid="audit-empty" title={t('audit.empty')} />;
  return (
    <List data-testid="audit-history" disablePadding>
      {entries.map((entry) => (
        <ListItem
          key={entry.id}
          divider
          data-testid={`audit-entry-${entry.id}`}
          sx={{ display: 'block', px: 0, py: 1.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
            />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.actor?.nombre ?? t('common.system')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} component="time" dateTime={entry.createdAt}>
              {formatDateTime(entry.createdAt, i18n.language)}
            </Typography>
          </Box>
          <AuditChangeLines entry={entry} />
        </ListItem>
      ))}
    </List>
  );
}

/** Loads and lists `GET {path}` (AuditEntry[]); renders nothing unless the user holds `ver-auditoria`. */
export function AuditHistory({ path, title }: { path: string; title?: string }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const allowed = can(AUDIT_PERMISSION);
  const query = useQuery({
    queryKey: auditKeys.of(path),
    queryFn: () => unwrap(api.get<AuditEntry[]>(path)),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Box data-testid="audit-section">
      {title !== '' ? (
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, fontWeight: 700 }}
        >
          <HistoryIcon fontSize="small" /> {title ?? t('audit.title')}
        </Typography>
      ) : null}
      {query.isLoading ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} testId="audit-error" />
      ) : (
        <AuditEntryList entries={query.data ?? []} />
      )}
    </Box>
  );
}
