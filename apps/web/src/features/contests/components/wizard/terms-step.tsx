import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Link,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { AGREEMENT_MESSAGES, type ContestResponse } from '@app/domain';
import { LEGAL_TITLES, LegalDocument, type LegalDocumentKey } from '../../../../content/legal';
import type { ApplicationFormValues } from '../../lib/application-form';

type AcceptanceField = 'privacyPolicyAccepted' | 'contestRulesAccepted' | 'participantAgreementAccepted';

const ACCEPTANCES: Array<{ field: AcceptanceField; document: LegalDocumentKey }> = [
  { field: 'privacyPolicyAccepted', document: 'privacy' },
  { field: 'contestRulesAccepted', document: 'rules' },
  { field: 'participantAgreementAccepted', document: 'agreement' },
];

interface TermsStepProps {
  contest: ContestResponse;
  /** The agreement changed after the creator accepted it (a 409 on submit): ask again. */
  agreementChanged?: boolean;
  values: Pick<ApplicationFormValues, AcceptanceField>;
  onChange: (field: AcceptanceField, accepted: boolean) => void;
}

/** Step 2, 'Terms': three acceptances, each text readable in a dialog (spec §2). */
export function TermsStep({ contest, values, agreementChanged = false, onChange }: TermsStepProps) {
  const [reading, setReading] = useState<(typeof ACCEPTANCES)[number] | null>(null);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Please read and accept each of the following to submit your application.
      </Typography>
      {agreementChanged && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setReading(ACCEPTANCES[2]!)}>
              Read it
            </Button>
          }
        >
          {AGREEMENT_MESSAGES.changed}
        </Alert>
      )}
      <FormGroup sx={{ gap: 1.5 }}>
        {ACCEPTANCES.map((item) => (
          <FormControlLabel
            key={item.field}
            control={
              <Checkbox
                checked={values[item.field]}
                onChange={(event) => onChange(item.field, event.target.checked)}
                slotProps={{ input: { 'aria-label': `I accept the ${LEGAL_TITLES[item.document]}` } }}
              />
            }
            label={
              <>
                I have read and accept the{' '}
                <Link
                  component="button"
                  type="button"
                  onClick={(event: React.MouseEvent) => {
                    // Opening the text must not tick the box.
                    event.preventDefault();
                    event.stopPropagation();
                    setReading(item);
                  }}
                  sx={{
                    verticalAlign: 'baseline',
                    fontSize: 'inherit',
                    position: 'relative',
                    // A 44 px tall touch target around the inline text.
                    '&::after': {
                      content: '""',
                      position: 'absolute',
                      left: 0,
                      right: 0,
                      top: '50%',
                      height: 44,
                      transform: 'translateY(-50%)',
                    },
                  }}
                >
                  {LEGAL_TITLES[item.document]}
                </Link>
              </>
            }
          />
        ))}
      </FormGroup>

      <Dialog
        open={reading !== null}
        onClose={() => setReading(null)}
        scroll="paper"
        fullScreen={fullScreen}
        maxWidth="md"
        aria-labelledby="legal-dialog-title"
      >
        {reading && (
          <>
            <DialogTitle id="legal-dialog-title">{LEGAL_TITLES[reading.document]}</DialogTitle>
            <DialogContent dividers tabIndex={0}>
              <LegalDocument document={reading.document} contest={contest} contestId={contest.id} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setReading(null)}>Close</Button>
              <Button
                variant="contained"
                onClick={() => {
                  onChange(reading.field, true);
                  setReading(null);
                }}
              >
                Accept
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
