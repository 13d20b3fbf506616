import { useWatch } from 'react-hook-form';
import { Box, Checkbox, FormControlLabel, FormGroup, FormHelperText, Typography } from '@mui/material';
import { LICENCE_CHANNEL_LABELS, LICENCE_CHANNELS } from '@app/domain';
import { ContestTextField, FormSection, type ContestFormApi } from './contest-form-fields';

/**
 * The licence each placed entry grants the brand (issue 51): channels, territories, the term in
 * months from the results, and exclusivity. The certificate and the public check state them.
 */
export function ContestLicenceSection({ form }: { form: ContestFormApi }) {
  const channels = useWatch({ control: form.control, name: 'licence_channels' });
  const exclusive = useWatch({ control: form.control, name: 'licence_exclusive' });
  const channelsError = form.formState.errors.licence_channels;
  return (
    <FormSection title="Licence" id="contest-licence">
      <Typography variant="body2" color="text.secondary">
        What each winning film’s licence lets the brand do, from the results for the term below. The defaults
        match the standard agreement: organic and paid social and the web, worldwide, 24 months,
        non-exclusive.
      </Typography>
      <Typography variant="subtitle2">Channels</Typography>
      <FormGroup row aria-label="Licence channels">
        {LICENCE_CHANNELS.map((channel) => (
          <FormControlLabel
            key={channel}
            label={LICENCE_CHANNEL_LABELS[channel]}
            control={
              <Checkbox
                checked={channels.includes(channel)}
                onChange={(event) =>
                  form.setValue(
                    'licence_channels',
                    event.target.checked ? [...channels, channel] : channels.filter((c) => c !== channel),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {channelsError?.message && <FormHelperText error>{channelsError.message}</FormHelperText>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <ContestTextField
          form={form}
          name="licence_territories"
          label="Territories"
          helperText="worldwide, or country codes such as US, GB"
        />
        <ContestTextField
          form={form}
          name="licence_term_months"
          label="Term (months)"
          type="number"
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
      </Box>
      <FormControlLabel
        label="Exclusive"
        control={
          <Checkbox
            checked={exclusive}
            onChange={(event) => form.setValue('licence_exclusive', event.target.checked)}
          />
        }
      />
    </FormSection>
  );
}
