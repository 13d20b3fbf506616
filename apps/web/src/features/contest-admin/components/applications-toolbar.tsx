import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  APPLICATION_SORTS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  type ContestResponse,
} from '@app/domain';
import { downloadShippingCsv, type ApplicationsFilter } from '../api/applications';
import { ReleaseApplications } from './release-applications';

const SORT_LABEL = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name' } as const;

/** Filters and sort over the applications, the shipping list export, and (staff) the release. */
export function ApplicationsToolbar({
  contest,
  isStaff,
  filter,
  update,
}: {
  contest: ContestResponse;
  isStaff: boolean;
  filter: ApplicationsFilter;
  /** Changes the filter (and goes back to the first page). */
  update: (changes: Partial<ApplicationsFilter>) => void;
}) {
  const [exportError, setExportError] = useState<string | null>(null);
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status}
          onChange={(e) => update({ status: e.target.value as ApplicationStatus | '' })}
          // "All statuses" shows in the box on first view, instead of an empty box under its label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { sm: 180 } }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {APPLICATION_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status[0]!.toUpperCase() + status.slice(1)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Product"
          value={filter.product === '' ? '' : String(filter.product)}
          onChange={(e) => update({ product: e.target.value ? Number(e.target.value) : '' })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { sm: 200 } }}
        >
          <MenuItem value="">All products</MenuItem>
          {contest.products.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort"
          value={filter.sort}
          onChange={(e) => update({ sort: e.target.value as ApplicationsFilter['sort'] })}
          sx={{ width: { sm: 180 } }}
        >
          {APPLICATION_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {SORT_LABEL[sort]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          onClick={() => {
            setExportError(null);
            downloadShippingCsv(String(contest.id), `shipping-${contest.slug}.csv`).catch(() =>
              setExportError('The shipping list could not be exported. Please try again.'),
            );
          }}
        >
          Export shipping CSV
        </Button>
        {isStaff ? <ReleaseApplications contest={contest} /> : null}
      </Stack>
      {exportError ? <Alert severity="error">{exportError}</Alert> : null}
    </>
  );
}
