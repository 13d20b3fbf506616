import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { AGREEMENT_MESSAGES, formatContestDate, type AgreementResponse } from '@app/domain';
import { AgreementText } from '../../../components/contest-agreement';

/** Whether the creator's latest acceptance is of the agreement's current version. */
export function acceptedCurrent(agreement: AgreementResponse | undefined): boolean {
  return Boolean(agreement?.accepted && agreement.accepted.sha256 === agreement.sha256);
}

interface AgreementAcceptanceProps {
  agreement: AgreementResponse;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A submission was refused because the agreement changed (409 agreement_changed). */
  refused: boolean;
}

/**
 * Submit Video's contest agreement (issue 31): a creator who accepted the current version sees
 * when; one who has not (or accepted an older one) reads it and ticks the box before submitting.
 */
export function AgreementAcceptance({
  agreement,
  checked,
  onCheckedChange,
  refused,
}: AgreementAcceptanceProps) {
  const [reading, setReading] = useState(false);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const upToDate = acceptedCurrent(agreement) && !refused;
  const changed = !upToDate && (refused || agreement.accepted !== null);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Contest agreement">
      <Typography variant="h6" component="h2" gutterBottom>
        Contest agreement
      </Typography>
      {changed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {AGREEMENT_MESSAGES.changed}
        </Alert>
      )}
      {upToDate ? (
        <Typography color="text.secondary">
          You accepted version {agreement.version} on{' '}
          {formatContestDate(agreement.accepted!.accepted_at, 'UTC', { time: true })}; it applies to this
          submission.
        </Typography>
      ) : (
        <FormControlLabel
          control={<Checkbox checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />}
          label={`I have read and accept the contest agreement (version ${agreement.version})`}
        />
      )}
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" color="inherit" size="small" onClick={() => setReading(true)}>
          Read the agreement
        </Button>
      </Box>
      <Dialog
        open={reading}
        onClose={() => setReading(false)}
        scroll="paper"
        fullScreen={fullScreen}
        maxWidth="md"
        aria-labelledby="agreement-dialog-title"
      >
        <DialogTitle id="agreement-dialog-title">
          Participant Agreement, version {agreement.version}
        </DialogTitle>
        <DialogContent dividers tabIndex={0}>
          <AgreementText text={agreement.text} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReading(false)}>Close</Button>
          {!upToDate && (
            <Button
              variant="contained"
              onClick={() => {
                onCheckedChange(true);
                setReading(false);
              }}
            >
              Accept
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
