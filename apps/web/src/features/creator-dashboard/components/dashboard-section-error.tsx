import { Alert, Button } from '@mui/material';

/** A section that failed to load: says so and offers a retry (spec §8 Dashboard messages). */
export function DashboardSectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
