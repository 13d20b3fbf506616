import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table that becomes one card per row on phones (below `md`), so no column is cut off and no
 * page scrolls sideways: the header row is hidden, each cell sits on its own line with its
 * column's name above it (`data-label` on the cell), two cells a line. A cell marked
 * `data-heading` comes first and takes the whole line (the row's name); `data-wide` takes the
 * whole line in place (long text, buttons). One DOM for both widths, so the table keeps its name,
 * rows and cells for tests and assistive technology at every width.
 */
export const stackedTableSx: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('md')]: {
    display: 'block',
    '& thead': { display: 'none' },
    '& tbody': { display: 'grid', gap: 1.5 },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      columnGap: 2,
      rowGap: 1.5,
      p: 2,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
    },
    '& td': { display: 'block', border: 0, p: 0, textAlign: 'left', minWidth: 0 },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      typography: 'caption',
      color: 'text.secondary',
    },
    '& td[data-heading]': { order: -1, gridColumn: '1 / -1' },
    '& td[data-wide]': { gridColumn: '1 / -1' },
  },
});
