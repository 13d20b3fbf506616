import { useWatch } from 'react-hook-form';
import { Box, Checkbox, FormControlLabel, FormGroup, FormHelperText, Typography } from '@mui/material';
import { QC_CHECK_IDS, QC_CHECK_LABELS } from '@app/domain';
import { ContestTextField, FormSection, type ContestFormApi } from './contest-form-fields';

/**
 * The delivery spec (issue 51): the loudness target and tolerance, the true-peak ceiling, the
 * longest black and frozen stretches, whether sound is required, and which failed checks refuse
 * an entry. Every film's technical check is judged against it.
 */
export function ContestDeliverySection({ form }: { form: ContestFormApi }) {
  const blocking = useWatch({ control: form.control, name: 'delivery_blocking' });
  const audioRequired = useWatch({ control: form.control, name: 'delivery_audio_required' });
  const blockingError = form.formState.errors.delivery_blocking;
  return (
    <FormSection title="Delivery spec" id="contest-delivery">
      <Typography variant="body2" color="text.secondary">
        Every film is checked against these after upload. The defaults follow common streaming specs (−14
        LUFS, true peak ≤ −1 dBTP); a broadcast brief asks −23 LUFS ± 1 (EBU R128).
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
        <ContestTextField
          form={form}
          name="delivery_loudness_lufs"
          label="Loudness (LUFS)"
          type="number"
          slotProps={{ htmlInput: { step: 0.5 } }}
        />
        <ContestTextField
          form={form}
          name="delivery_loudness_tolerance"
          label="Tolerance (LU)"
          type="number"
          slotProps={{ htmlInput: { step: 0.5 } }}
        />
        <ContestTextField
          form={form}
          name="delivery_true_peak_max_dbtp"
          label="True peak (dBTP)"
          type="number"
          slotProps={{ htmlInput: { step: 0.5 } }}
        />
        <ContestTextField
          form={form}
          name="delivery_max_black_seconds"
          label="Longest black (s)"
          type="number"
          slotProps={{ htmlInput: { step: 0.1 } }}
        />
        <ContestTextField
          form={form}
          name="delivery_max_freeze_seconds"
          label="Longest freeze (s)"
          type="number"
          slotProps={{ htmlInput: { step: 0.1 } }}
        />
      </Box>
      <FormControlLabel
        label="Sound required"
        control={
          <Checkbox
            checked={audioRequired}
            onChange={(event) => form.setValue('delivery_audio_required', event.target.checked)}
          />
        }
      />
      <Typography variant="subtitle2">Checks that refuse an entry when they fail</Typography>
      <FormGroup row aria-label="Checks that refuse an entry">
        {QC_CHECK_IDS.map((id) => (
          <FormControlLabel
            key={id}
            label={QC_CHECK_LABELS[id]}
            control={
              <Checkbox
                checked={blocking.includes(id)}
                onChange={(event) =>
                  form.setValue(
                    'delivery_blocking',
                    event.target.checked ? [...blocking, id] : blocking.filter((c) => c !== id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {blockingError?.message && <FormHelperText error>{blockingError.message}</FormHelperText>}
    </FormSection>
  );
}
