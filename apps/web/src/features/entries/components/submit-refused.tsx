import { Link as RouterLink } from 'react-router';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { MESSAGES, SUBMIT_REFUSAL_TEXTS, type ContestResponse, type SubmitRefusal } from '@app/domain';
import { paths } from '../../../config/paths';

/** The next step offered to a caller who may not submit: where to go, in words. */
function nextStep(reason: SubmitRefusal, contest: ContestResponse): { label: string; to: string } | null {
  switch (reason) {
    case 'not_applied':
      return contest.accepting_applications
        ? { label: 'Apply now', to: paths.contestApply(contest.id) }
        : null;
    case 'application_pending':
      return { label: 'Go to your dashboard', to: paths.creatorDashboard };
    case 'application_declined':
      return { label: 'See other contests', to: paths.contests };
    case 'application_withdrawn':
      return { label: 'Contact us', to: paths.contact };
    case 'submissions_closed':
      return { label: 'Contest details', to: paths.contest(contest.id) };
    case 'not_creator':
      return null;
  }
}

/** Why the caller may not submit (issue 26), with the next step; no upload control. */
export function SubmitRefused({ reason, contest }: { reason: SubmitRefusal; contest: ContestResponse }) {
  const text = SUBMIT_REFUSAL_TEXTS[reason];
  const next =
    reason === 'not_applied' && !contest.accepting_applications
      ? MESSAGES.application.contestClosed
      : text.next;
  const step = nextStep(reason, contest);
  return (
    <Alert severity={reason === 'application_pending' ? 'info' : 'warning'}>
      <AlertTitle>{text.title}</AlertTitle>
      {next}
      {step && (
        <Box sx={{ mt: 1.5 }}>
          <Button component={RouterLink} to={step.to} variant="outlined" color="inherit" size="small">
            {step.label}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
