import { PENDING_FILTERS, PENDING_NOTIFY, PENDING_SORT_COLUMNS } from '@atiende/contracts';
import CheckIcon from '@mui/icons-material/Check';
import FilterListIcon from '@mui/icons-material/FilterList';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';
import type { PendingSettings } from './model';
import { updatePendingSettings } from './pending';

interface Group<K extends keyof PendingSettings> {
  key: K;
  title: string;
  options: readonly PendingSettings[K][];
  label: (value: PendingSettings[K]) => string;
  testId: (value: PendingSettings[K]) => string;
}

/** The drawer's filter-and-sort menu: filter, sort column, direction and the bell's notify mode (remembered). */
export function PendingFilterMenu({ settings }: { settings: PendingSettings }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const groups = [
    {
      key: 'filter',
      title: t('desk.pending.show'),
      options: PENDING_FILTERS,
      label: (value: string) => t(`desk.pending.filters.${value}`),
      testId: (value: string) => `pending-filter-${value}`,
    } satisfies Group<'filter'>,
    {
      key: 'sortColumn',
      title: t('desk.pending.sortBy'),
      options: PENDING_SORT_COLUMNS,
      label: (value: string) => t(`desk.pending.columns.${value}`),
      testId: (value: string) => `pending-sort-${value}`,
    } satisfies Group<'sortColumn'>,
    {
      key: 'sortBy',
      title: t('desk.pending.order'),
      options: ['DESC', 'ASC'] as const,
      label: (value: string) => t(`desk.pending.directions.${value}`),
      testId: (value: string) => `pending-order-${value}`,
    } satisfies Group<'sortBy'>,
    {
      key: 'notify',
      title: t('desk.pending.notify'),
      options: PENDING_NOTIFY,
      label: (value: string) => t(`desk.pending.notifyModes.${value}`),
      testId: (value: string) => `pending-notify-${value}`,
    } satisfies Group<'notify'>,
  ];
  return (
    <>
      <Tooltip title={t('desk.pending.filterMenu')}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('desk.pending.filterMenu')}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          data-testid="pending-filter-button"
        >
          <FilterListIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { 'data-testid': 'pending-filter-menu', sx: { minWidth: 240 } } as object }}
      >
        {groups.map((group, index) => (
          <Fragment key={group.key}>
            {index > 0 ? <Divider component="li" /> : null}
            <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'inherit' }}>{group.title}</ListSubheader>
            {group.options.map((value) => {
              const selected = settings[group.key] === value;
              return (
                <MenuItem
                  key={value}
                  dense
                  selected={selected}
                  aria-checked={selected}
                  role="menuitemradio"
                  data-testid={group.testId(value as never)}
                  onClick={() => updatePendingSettings({ [group.key]: value })}
                >
                  <ListItemIcon>{selected ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
                  <ListItemText>{group.label(value as never)}</ListItemText>
                </MenuItem>
              );
            })}
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
