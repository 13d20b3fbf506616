import { useNavigate, useParams } from 'react-router';
import { Alert, Container, Skeleton, Typography } from '@mui/material';
import { BRAND_TEAM_MESSAGES } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useBrandRole } from '../../../lib/my-brand';
import { useBrands } from '../../../features/contest-admin/api/get-brand-contests';
import { useContestStock, useManagedContest } from '../../../features/contest-admin/api/get-managed-contest';
import { ContestForm } from '../../../features/contest-admin/components/contest-form';
import { ContestRoundsEditor } from '../../../features/contest-admin/components/contest-rounds-editor';
import { AgreementEditor } from '../../../features/contest-admin/components/agreement-editor';
import { contestToValues } from '../../../features/contest-admin/lib/contest-form-values';

/** /contests/:contestId/edit (staff; the contest's brand while it is a draft, if its role manages contests). */
export default function ContestEditPage() {
  const { contestId = '' } = useParams();
  const session = useSession();
  const contest = useManagedContest(contestId);
  const stock = useContestStock(contestId);
  const brands = useBrands();
  const navigate = useNavigate();
  const brandRole = useBrandRole();
  usePageTitle(contest.data ? `Edit ${contest.data.title}` : 'Edit contest');
  const failed = contest.error ?? stock.error ?? brands.error;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Edit contest
      </Typography>
      {brandRole.ready && !brandRole.may('manage') ? (
        <Alert severity="info">{BRAND_TEAM_MESSAGES.roleForbids}</Alert>
      ) : failed ? (
        <Alert severity="error">
          {failed instanceof ApiError && (failed.status === 404 || failed.status === 403)
            ? 'This contest does not exist or is not yours to edit.'
            : 'Could not load the contest. Please try again.'}
        </Alert>
      ) : contest.data && stock.data && brands.data ? (
        <>
          {/* Saving rounds moves the contest's dates and rubric: the form starts again from the saved ones. */}
          <ContestForm
            key={[
              contest.data.id,
              contest.data.submission_deadline,
              contest.data.judging_starts_at,
              contest.data.judging_ends_at,
              contest.data.winners_at,
              JSON.stringify(contest.data.rubric),
            ].join()}
            initial={contestToValues(contest.data, stock.data)}
            contest={contest.data}
            stock={stock.data}
            brands={brands.data}
            isStaff={session?.user.role === 'staff'}
            onSaved={(saved) => navigate(paths.contest(saved.id))}
          />
          {/* Rounds are saved on their own (issue 47), by whoever edits the contest. */}
          <ContestRoundsEditor contest={contest.data} />
          {/* The agreement is saved on its own (versions, issue 31); staff only. */}
          {session?.user.role === 'staff' && <AgreementEditor contest={contest.data} />}
        </>
      ) : (
        <Skeleton height={400} />
      )}
    </Container>
  );
}
