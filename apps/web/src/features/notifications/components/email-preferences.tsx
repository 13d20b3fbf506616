import { Alert, FormControlLabel, FormGroup, Skeleton, Switch, Typography } from '@mui/material';
import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS } from '@app/domain';
import { usePreferences, useSavePreferences } from '../api/notification-preferences';

/** Switches per e-mail category; account and security e-mails always go out. */
export function EmailPreferences() {
  const { data, isPending, isError } = usePreferences();
  const save = useSavePreferences();
  if (isPending) return <Skeleton variant="rounded" height={180} />;
  if (isError || !data) return <Alert severity="error">Your e-mail settings could not be loaded.</Alert>;
  return (
    <>
      <FormGroup>
        {EMAIL_CATEGORIES.map((category) => (
          <FormControlLabel
            key={category}
            sx={{ alignItems: 'flex-start', mb: 1.5 }}
            control={
              <Switch
                checked={data[category]}
                disabled={save.isPending}
                onChange={(event) => save.mutate({ [category]: event.target.checked })}
              />
            }
            label={
              <>
                <Typography component="span" sx={{ display: 'block', pt: 1 }}>
                  {EMAIL_CATEGORY_LABELS[category].label}
                </Typography>
                <Typography component="span" variant="body2" color="textSecondary">
                  {EMAIL_CATEGORY_LABELS[category].help}
                </Typography>
              </>
            }
          />
        ))}
      </FormGroup>
      {save.isError && <Alert severity="error">Your change could not be saved. Try again.</Alert>}
      <Typography variant="body2" color="textSecondary">
        Account and security e-mails (sign-in, password, e-mail address) are always sent. Notifications in the
        app are kept whatever you choose here.
      </Typography>
    </>
  );
}
