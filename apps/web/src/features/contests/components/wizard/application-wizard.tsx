import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  Paper,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { AGREEMENT_MESSAGES, LIMITS, MESSAGES, type ContestResponse } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  agreementChangedIn,
  contestAgreementKey,
  useContestAgreement,
} from '../../../../lib/contest-agreement';
import { paths } from '../../../../config/paths';
import { useSession } from '../../../../lib/session';
import { useNotify } from '../../../../components/notifications';
import { useCurrentUser } from '../../../../lib/current-user';
import { useContestProducts } from '../../api/get-contest-products';
import { applicationErrorMessage, useApplyToContest } from '../../api/apply-to-contest';
import {
  applicationDraft,
  isStepValid,
  savedAddressOf,
  wizardSteps,
  toPayload,
} from '../../lib/application-form';
import { InfoStep } from './info-step';
import { ProductStep } from './product-step';
import { TermsStep } from './terms-step';
import { useApplicationForm } from './use-application-form';

/**
 * The three-step application wizard (spec §2, §4, §5): Your Info, Choose Chair (the contest's
 * product noun), Terms.
 * Signed-in creators are prefilled from their profile; a visitor sees it blank with a sign-in
 * link, and what they type is kept for when they come back signed in.
 */
export function ApplicationWizard({ contest }: { contest: ContestResponse }) {
  const contestRef = String(contest.id);
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const currentUser = useCurrentUser();
  const products = useContestProducts(contestRef);
  const apply = useApplyToContest(contestRef);
  const agreement = useContestAgreement(contest.id);
  const queryClient = useQueryClient();
  /** The agreement changed while the creator was applying (409 agreement_changed): accept again. */
  const [agreementChanged, setAgreementChanged] = useState(false);
  const [step, setStep] = useState(0);
  const steps = wizardSteps(contest.landing.product_noun);
  const [done, setDone] = useState(false);

  const user = currentUser.data;
  const { control, setValue, values, stockById } = useApplicationForm({
    contestRef,
    user,
    products: products.data,
    done,
  });
  const savedAddress = savedAddressOf(user);

  const stepValid = isStepValid(step, values, stockById);
  const submitting = apply.isPending;
  const loadingProfile = Boolean(session) && currentUser.isPending;

  const submit = () => {
    if (!session) {
      notify(MESSAGES.dashboard.loginToApply, { severity: 'warning' });
      return;
    }
    // The SHA-256 of the agreement text shown in the Terms step: a newer version is refused (409).
    apply.mutate(
      { ...toPayload(values), agreement_sha256: agreement.data?.sha256 },
      {
        onSuccess: () => {
          setDone(true);
          applicationDraft.clear(contestRef);
          notify(MESSAGES.application.success, {
            severity: 'success',
            durationMs: LIMITS.applicationSuccessSnackbarMs,
          });
          setTimeout(() => navigate(paths.home), LIMITS.redirectAfterApplicationMs);
        },
        onError: (error) => {
          if (agreementChangedIn(error)) {
            setValue('participantAgreementAccepted', false);
            setAgreementChanged(true);
            void queryClient.invalidateQueries({ queryKey: contestAgreementKey(contest.id) });
            notify(AGREEMENT_MESSAGES.changed, { severity: 'warning' });
            return;
          }
          notify(applicationErrorMessage(error) || MESSAGES.application.submitFailed, { severity: 'error' });
        },
      },
    );
  };

  return (
    <Paper
      component="section"
      aria-label="Application"
      sx={{ p: { xs: 2, sm: 4 }, border: 1, borderColor: 'divider' }}
    >
      {!session && <SignInPrompt />}
      {!contest.accepting_applications && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {MESSAGES.application.contestClosed}
        </Alert>
      )}

      <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>

      <Typography component="h2" variant="h4" sx={{ mb: 3 }}>
        {steps[step]}
      </Typography>

      {loadingProfile ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading your profile" />
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
          {step === 0 && (
            <InfoStep
              control={control}
              setValue={setValue}
              choice={values.useExistingShipping}
              savedAddress={savedAddress}
            />
          )}
          {step === 1 && (
            <ProductStep
              contest={contest}
              value={values.chair}
              onChange={(id) => setValue('chair', id, { shouldDirty: true })}
              products={products}
            />
          )}
          {step === 2 && (
            <TermsStep
              contest={contest}
              values={values}
              agreementChanged={agreementChanged}
              onChange={(field, accepted) => {
                setValue(field, accepted, { shouldDirty: true });
                if (field === 'participantAgreementAccepted' && accepted) setAgreementChanged(false);
              }}
            />
          )}

          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
            <Button
              variant="outlined"
              disabled={step === 0 || submitting}
              onClick={() => setStep((s) => s - 1)}
            >
              Back
            </Button>
            {step < steps.length - 1 ? (
              <Button variant="contained" disabled={!stepValid} onClick={() => setStep((s) => s + 1)}>
                Next
              </Button>
            ) : (
              <Button variant="contained" disabled={!stepValid || submitting || done} onClick={submit}>
                {submitting ? 'Submitting...' : 'Submit Application'}
              </Button>
            )}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

/** For a visitor: sign in or create an account to apply; what they type meanwhile is kept. */
function SignInPrompt() {
  const location = useLocation();
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      {MESSAGES.dashboard.loginToApply}.{' '}
      <Link component={RouterLink} to={paths.login} state={{ from: location.pathname }}>
        Sign in
      </Link>{' '}
      or{' '}
      <Link component={RouterLink} to={paths.signup}>
        create an account
      </Link>
      ; what you type here is kept.
    </Alert>
  );
}
