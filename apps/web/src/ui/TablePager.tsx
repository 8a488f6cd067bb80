import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from './Tooltip';

export interface TablePagerProps {
  /** Rows in all pages; -1 when not known (the next page is then always offered). */
  count: number;
  /** Zero-based page shown. */
  page: number;
  rowsPerPage: number;
  /** The page sizes offered; with one or none the size cannot be chosen. */
  rowsPerPageOptions?: readonly number[];
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
  'data-testid'?: string;
}

/** The first and last row a page shows, 1-based ("1–25 of 230"), as MUI's TablePagination counts them. */
export function shownRows(count: number, page: number, rowsPerPage: number): { from: number; to: number } {
  return {
    from: count === 0 ? 0 : page * rowsPerPage + 1,
    to: count === -1 ? (page + 1) * rowsPerPage : Math.min(count, (page + 1) * rowsPerPage),
  };
}

/** Whether a page follows `page`. */
export function hasNextPage(count: number, page: number, rowsPerPage: number): boolean {
  return count === -1 || page < Math.ceil(count / rowsPerPage) - 1;
}

/**
 * The pager under a list: rows per page, which rows show, previous and next page. It looks and reads like MUI's
 * TablePagination, which brings MUI's Tooltip and Popper along (its actions' tooltips) into every page with a list;
 * this one uses the app's own tooltip (docs/performance.md).
 */
export function TablePager({
  count,
  page,
  rowsPerPage,
  rowsPerPageOptions = [],
  onPageChange,
  onRowsPerPageChange,
  'data-testid': testId,
}: TablePagerProps) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const labelId = useId();
  const { from, to } = shownRows(count, page, rowsPerPage);
  const total = count === -1 ? `>${to}` : count;
  const pageButton = (direction: 'previous' | 'next', disabled: boolean) => {
    const label = t(`table.goTo.${direction}`);
    const Icon = (direction === 'previous') !== rtl ? KeyboardArrowLeftIcon : KeyboardArrowRightIcon;
    return (
      <Tooltip title={disabled ? '' : label}>
        <span>
          <IconButton
            aria-label={label}
            disabled={disabled}
            color="inherit"
            onClick={() => onPageChange(direction === 'previous' ? page - 1 : page + 1)}
          >
            <Icon />
          </IconButton>
        </span>
      </Tooltip>
    );
  };
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 1,
        rowGap: 0.5,
        minHeight: 52,
        paddingInline: '16px 8px',
        color: 'text.primary',
      }}
    >
      {rowsPerPageOptions.length > 1 ? (
        <>
          <Typography variant="body2" id={labelId}>
            {t('table.rowsPerPage')}:
          </Typography>
          <Select
            value={rowsPerPage}
            onChange={(event) => onRowsPerPageChange(Number(event.target.value))}
            input={<InputBase />}
            labelId={labelId}
            sx={{ marginInlineEnd: 3, fontSize: 'body2.fontSize', '& .MuiSelect-select': { paddingBlock: 0.5 } }}
          >
            {rowsPerPageOptions.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </Select>
        </>
      ) : null}
      {/* Isolated with its own direction: "1–25 of 230" keeps its order in a right-to-left page. */}
      <Typography variant="body2" dir="auto">
        {t('table.displayedRows', { from, to, count: total })}
      </Typography>
      <Box sx={{ display: 'flex', marginInlineStart: 2.5 }}>
        {pageButton('previous', page <= 0)}
        {pageButton('next', !hasNextPage(count, page, rowsPerPage))}
      </Box>
    </Box>
  );
}
