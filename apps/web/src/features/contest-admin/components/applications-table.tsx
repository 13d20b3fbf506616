import { useState, type ReactNode } from 'react';
import { Alert, Pagination, Stack, Typography } from '@mui/material';
import { CONTEST_ADMIN_LIMITS, type ContestResponse, type ManagedApplication } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useApplications, type ApplicationsFilter } from '../api/applications';
import { DecisionDialog, type PendingDecision } from './application-decision-dialog';
import { ApplicationList } from './application-list';
import { ApplicationsToolbar } from './applications-toolbar';
import { StockSummary } from './stock-summary';
import { ThreadDialog } from './thread-dialog';

/**
 * The applications of a contest (staff and its brand): filters by status and product, sort,
 * select or decline with a note, withdraw (staff), mark shipped and delivered, CSV export.
 */
export function ApplicationsTable({
  contest,
  isStaff,
  thread,
}: {
  contest: ContestResponse;
  isStaff: boolean;
  /** The application's conversation with its creator, shown in a dialog from its row. */
  thread?: (application: ManagedApplication) => ReactNode;
}) {
  const [talking, setTalking] = useState<ManagedApplication | null>(null);
  const [filter, setFilter] = useState<ApplicationsFilter>({
    status: '',
    product: '',
    sort: 'newest',
    page: 1,
  });
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const applications = useApplications(String(contest.id), filter);
  const pages = applications.data
    ? Math.max(1, Math.ceil(applications.data.count / CONTEST_ADMIN_LIMITS.pageSize))
    : 1;
  const update = (changes: Partial<ApplicationsFilter>) => setFilter((f) => ({ ...f, page: 1, ...changes }));

  return (
    <Stack spacing={2}>
      <StockSummary contest={contest} />
      <ApplicationsToolbar contest={contest} isStaff={isStaff} filter={filter} update={update} />
      {applications.isError ? (
        <Alert severity="error">
          {applications.error instanceof ApiError
            ? applications.error.userMessage()
            : 'Could not load applications.'}
        </Alert>
      ) : null}
      {applications.data && applications.data.count === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
          {filter.status || filter.product ? 'No application matches these filters.' : 'No applications yet.'}
        </Typography>
      ) : null}
      {applications.data && applications.data.count > 0 ? (
        <>
          <ApplicationList
            applications={applications.data.results}
            timezone={contest.timezone}
            isStaff={isStaff}
            onAct={setPending}
            onMessages={thread ? setTalking : undefined}
          />
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={filter.page}
              onChange={(_, page) => setFilter((f) => ({ ...f, page }))}
            />
          ) : null}
        </>
      ) : null}
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
      {thread && talking ? (
        <ThreadDialog title={`Messages with ${talking.full_name}`} onClose={() => setTalking(null)}>
          {thread(talking)}
        </ThreadDialog>
      ) : null}
    </Stack>
  );
}
