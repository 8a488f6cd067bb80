import './i18n';
import type { CustomerListItem, KanbanColumn } from '@atiende/contracts';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/queries';
import { SEARCH_DEBOUNCE_MS } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/PageLoader';
import { SearchField } from '../../ui/SearchField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { type MoveVariables, useKanban, useMoveCustomerLabel } from './api';
import { DRAG_MIME, parseDragPayload } from './model';

interface CardProps {
  customer: CustomerListItem;
  column: KanbanColumn;
  columns: readonly KanbanColumn[];
  canMove: boolean;
  canView: boolean;
  onMove: (variables: MoveVariables, toName: string) => void;
}

function KanbanCard({ customer, column, columns, canMove, canView, onMove }: CardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const targets = columns.filter((item) => item.label.id !== column.label.id);

  const startDrag = (event: DragEvent) => {
    const payload = JSON.stringify({ customerId: customer.id, fromLabelId: column.label.id });
    event.dataTransfer.setData(DRAG_MIME, payload);
    event.dataTransfer.setData('text/plain', payload);
    event.dataTransfer.effectAllowed = 'move';
    setDragging(true);
  };

  const body = (
    <Box sx={{ p: 1.25, paddingInlineEnd: canMove ? 5 : 1.25, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {customer.fullName}
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {customer.identificationType.abbr ?? customer.identificationType.name} {customer.identificationNumber}
      </Typography>
      {customer.primaryEmail ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {customer.primaryEmail}
        </Typography>
      ) : null}
    </Box>
  );

  return (
    <Card
      variant="outlined"
      data-testid={`kanban-card-${customer.id}`}
      draggable={canMove}
      onDragStart={canMove ? startDrag : undefined}
      onDragEnd={() => setDragging(false)}
      sx={{
        position: 'relative',
        flexShrink: 0,
        opacity: dragging ? 0.5 : 1,
        cursor: canMove ? 'grab' : undefined,
        borderInlineStartWidth: 4,
        borderInlineStartColor: column.label.color ?? 'divider',
      }}
    >
      {canView ? (
        <CardActionArea onClick={() => navigate(`/app/customers/${customer.id}/view`)}>{body}</CardActionArea>
      ) : (
        body
      )}
      {canMove && targets.length > 0 ? (
        <>
          <IconButton
            size="small"
            aria-label={t('customers.kanban.moveTo')}
            aria-haspopup="menu"
            onClick={(event) => setAnchor(event.currentTarget)}
            data-testid={`kanban-card-menu-${customer.id}`}
            sx={{ position: 'absolute', top: 4, insetInlineEnd: 4 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            <ListSubheader sx={{ lineHeight: 2.5 }}>{t('customers.kanban.moveTo')}</ListSubheader>
            {targets.map((target) => (
              <MenuItem
                key={target.label.id}
                data-testid={`kanban-move-${customer.id}-${target.label.id}`}
                onClick={() => {
                  setAnchor(null);
                  onMove(
                    { customerId: customer.id, fromLabelId: column.label.id, toLabelId: target.label.id },
                    target.label.name,
                  );
                }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: target.label.color ?? 'divider',
                    marginInlineEnd: 1,
                  }}
                />
                {target.label.name}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Card>
  );
}

interface ColumnProps {
  column: KanbanColumn;
  columns: readonly KanbanColumn[];
  canMove: boolean;
  canView: boolean;
  onMove: (variables: MoveVariables, toName: string) => void;
}

function KanbanColumnView({ column, columns, canMove, canView, onMove }: ColumnProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => canMove && event.dataTransfer.types.includes(DRAG_MIME);

  return (
    <Paper
      variant="outlined"
      data-testid={`kanban-column-${column.label.id}`}
      aria-label={column.label.name}
      component="section"
      onDragOver={(event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event: DragEvent) => {
        setOver(false);
        const payload = parseDragPayload(event.dataTransfer.getData(DRAG_MIME));
        if (!payload) return;
        event.preventDefault();
        if (payload.fromLabelId === column.label.id) return;
        onMove({ ...payload, toLabelId: column.label.id }, column.label.name);
      }}
      sx={{
        flex: '0 0 292px',
        width: 292,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: { xs: '70vh', md: 'calc(100vh - 260px)' },
        minHeight: 240,
        bgcolor: over ? 'action.hover' : 'background.default',
        borderColor: over ? 'primary.main' : undefined,
        borderTop: 4,
        borderTopColor: column.label.color ?? 'divider',
        transition: 'background-color 120ms',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0 }} noWrap>
          {column.label.name}
        </Typography>
        <Chip size="small" label={column.total} data-testid={`kanban-column-total-${column.label.id}`} />
      </Box>
      <Box
        sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: 1, pb: 1, overflowY: 'auto', flexGrow: 1 }}
        data-testid={`kanban-column-cards-${column.label.id}`}
      >
        {column.customers.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
            {t('customers.kanban.emptyColumn')}
          </Typography>
        ) : (
          column.customers.map((customer) => (
            <KanbanCard
              key={customer.id}
              customer={customer}
              column={column}
              columns={columns}
              canMove={canMove}
              canView={canView}
              onMove={onMove}
            />
          ))
        )}
        {column.total > column.customers.length ? (
          <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center', py: 0.5 }}>
            {t('customers.kanban.showing', { shown: column.customers.length, total: column.total })}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}

/** The kanban board: a column per kanban label; cards move by drag and drop or by their "Move to…" menu. */
export function CustomersKanban({
  search,
  onSearchChange,
}: {
  search: string;
  onSearchChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const [text, setText] = useState(search);
  const latest = useRef(onSearchChange);
  latest.current = onSearchChange;
  useEffect(() => {
    const timer = window.setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const board = useKanban(search);
  const move = useMoveCustomerLabel();
  const canMove = can('editar-cliente');
  const canView = can('ver-cliente');
  const columns = board.data ?? [];

  const onMove = (variables: MoveVariables, toName: string) =>
    move.mutate(variables, {
      onSuccess: () => feedback.success(t('customers.kanban.moved', { label: toName })),
      onError: (error) => feedback.failure(error),
    });

  return (
    <Box data-testid="customers-kanban">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
        <SearchField value={text} onValueChange={setText} label={t('customers.list.search')} testId="kanban-search" />
        {canMove ? (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <DragIndicatorIcon fontSize="small" /> {t('customers.kanban.hint')}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{board.isFetching && board.data ? <LinearProgress /> : null}</Box>
      {board.isLoading ? (
        <PageLoader />
      ) : board.isError ? (
        <LoadError error={board.error} onRetry={board.refetch} testId="kanban-error" />
      ) : columns.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            data-testid="kanban-empty"
            icon={<ViewKanbanIcon fontSize="inherit" />}
            title={t('customers.kanban.noColumns')}
            description={t('customers.kanban.noColumnsHint')}
          />
        </Paper>
      ) : (
        <Box
          data-testid="kanban-board"
          sx={{
            display: 'flex',
            gap: 1.5,
            overflowX: 'auto',
            pb: 1.5,
            alignItems: 'flex-start',
            scrollSnapType: { xs: 'x mandatory', md: 'none' },
            '& > section': { scrollSnapAlign: 'start' },
          }}
        >
          {columns.map((column) => (
            <KanbanColumnView
              key={column.label.id}
              column={column}
              columns={columns}
              canMove={canMove}
              canView={canView}
              onMove={onMove}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
