import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { PAPERWORK_LIMITS, payeeBodySchema, TAX_FORMS, type Payee, type PayeeBody } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { usePayee, useSavePayee } from '../api/payee';

const FIELDS = ['legal_name', 'country', 'address', 'tax_form', 'tax_id'] as const;

/**
 * The payee details a prize is paid to (issue 31). The taxpayer id is sent once and never shown
 * again but by its last four characters; saving replaces all the details, so it is asked for each
 * time.
 */
export function PayeeForm() {
  const payee = usePayee();
  if (payee.isPending) return <Typography role="status">Loading your payee details…</Typography>;
  if (payee.isError)
    return <Alert severity="error">Your payee details could not be loaded. Reload to try again.</Alert>;
  return <PayeeFields saved={payee.data} />;
}

/** The form, filled with what is saved (the taxpayer id excepted). */
function PayeeFields({ saved }: { saved: Payee | null }) {
  const save = useSavePayee();
  const form = useForm<PayeeBody>({
    resolver: zodResolver(payeeBodySchema),
    defaultValues: {
      legal_name: saved?.legal_name ?? '',
      country: saved?.country ?? '',
      address: saved?.address ?? '',
      tax_form: saved?.tax_form ?? 'W-8BEN',
      tax_id: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => form.setValue('tax_id', ''),
      onError: (error) => showServerFieldErrors(form.setError, error, FIELDS),
    }),
  );
  const current = save.data ?? saved;
  // The input element itself takes react-hook-form's ref (MUI's `ref` is the outer box), so the
  // saved values show with their labels above them.
  const field = (name: Exclude<keyof PayeeBody, 'tax_form'>) => {
    const { ref, ...registered } = form.register(name);
    return { ...registered, inputRef: ref };
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Payee details">
      <Typography color="text.secondary">
        {current
          ? `Prizes are paid to ${current.legal_name} (${current.tax_form}, taxpayer id ending ${current.tax_id_last4}).`
          : 'Enter who prizes are paid to. A winning entry is paid once these details and its releases are in.'}
      </Typography>
      {save.isSuccess && <Alert severity="success">Your payee details are saved.</Alert>}
      {save.isError && !Object.keys(errors).length && (
        <Alert severity="error">
          {save.error instanceof ApiError ? save.error.userMessage() : 'That did not work. Try again.'}
        </Alert>
      )}
      <TextField
        label="Legal name"
        autoComplete="name"
        error={Boolean(errors.legal_name)}
        helperText={errors.legal_name?.message ?? 'As on your tax form.'}
        slotProps={{ htmlInput: { maxLength: PAPERWORK_LIMITS.legalNameMax } }}
        {...field('legal_name')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
        <TextField
          label="Country"
          autoComplete="country"
          error={Boolean(errors.country)}
          helperText={errors.country?.message ?? 'Two-letter code, e.g. US, DE.'}
          slotProps={{ htmlInput: { maxLength: 2 } }}
          {...field('country')}
        />
        <Controller
          control={form.control}
          name="tax_form"
          render={({ field }) => (
            <TextField
              select
              label="Tax form"
              {...field}
              helperText="W-9 for US persons, W-8BEN for everyone else."
            >
              {TAX_FORMS.map((taxForm) => (
                <MenuItem key={taxForm} value={taxForm}>
                  {taxForm}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <TextField
        label="Postal address"
        autoComplete="street-address"
        multiline
        minRows={2}
        error={Boolean(errors.address)}
        helperText={errors.address?.message}
        slotProps={{ htmlInput: { maxLength: PAPERWORK_LIMITS.addressMax } }}
        {...field('address')}
      />
      <TextField
        label="Taxpayer id"
        autoComplete="off"
        error={Boolean(errors.tax_id)}
        helperText={
          errors.tax_id?.message ??
          'Stored encrypted; shown afterwards only by its last four characters. Enter it again to save changes.'
        }
        slotProps={{ htmlInput: { maxLength: PAPERWORK_LIMITS.taxIdMax, spellCheck: false } }}
        {...field('tax_id')}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {save.isPending ? 'Saving…' : 'Save payee details'}
      </Button>
    </Stack>
  );
}
