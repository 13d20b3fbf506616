import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import {
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { LIMITS, MESSAGES, type ShippingAddress, type ShippingChoice } from '@app/domain';
import { EMPTY_ADDRESS, type ApplicationFormValues } from '../../lib/application-form';

interface InfoStepProps {
  control: Control<ApplicationFormValues>;
  setValue: UseFormSetValue<ApplicationFormValues>;
  choice: ShippingChoice;
  savedAddress: ShippingAddress | null;
}

type TextFieldName =
  'full_name' | 'email' | 'phone_number' | 'bio' | 'youtube_url' | 'instagram_url' | 'portfolio_url';
type AddressFieldName = `shipping_address.${keyof ShippingAddress}`;

function Field({
  control,
  name,
  label,
  required,
  ...rest
}: {
  control: Control<ApplicationFormValues>;
  name: TextFieldName | AddressFieldName;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  helperText?: string;
  multiline?: boolean;
  minRows?: number;
  slotProps?: object;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField {...field} value={field.value ?? ''} label={label} required={required} {...rest} />
      )}
    />
  );
}

function formatAddress(a: ShippingAddress): string[] {
  return [a.line1, a.line2, [a.city, a.state, a.postal].filter(Boolean).join(', '), a.country].filter(
    Boolean,
  );
}

/** Step 0, 'Your Info' (spec §2, §5). */
export function InfoStep({ control, setValue, choice, savedAddress }: InfoStepProps) {
  const chooseShipping = (next: ShippingChoice) => {
    setValue('useExistingShipping', next, { shouldDirty: true });
    // Existing copies the saved address in; new clears the fields (spec §4).
    setValue('shipping_address', next === 'existing' && savedAddress ? savedAddress : EMPTY_ADDRESS, {
      shouldDirty: true,
    });
  };
  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Field control={control} name="full_name" label="Full Name" required autoComplete="name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Field control={control} name="email" label="Email" type="email" required autoComplete="email" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Field
          control={control}
          name="phone_number"
          label="Phone Number"
          type="tel"
          required={choice === 'existing'}
          autoComplete="tel"
        />
      </Grid>
      <Grid size={12}>
        <Field
          control={control}
          name="bio"
          label="Bio"
          required
          multiline
          minRows={3}
          helperText="Tell the brand about your filmmaking: style, gear, past work."
          slotProps={{ htmlInput: { maxLength: LIMITS.bioMaxLength } }}
        />
      </Grid>

      <ShippingAddressFields
        control={control}
        choice={choice}
        savedAddress={savedAddress}
        onChoose={chooseShipping}
      />

      <Grid size={12}>
        <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
          Links (optional)
        </Typography>
      </Grid>
      {(
        [
          ['youtube_url', 'YouTube URL'],
          ['instagram_url', 'Instagram URL'],
          ['portfolio_url', 'Portfolio URL'],
        ] as const
      ).map(([name, label]) => (
        <Grid key={name} size={{ xs: 12, md: 4 }}>
          <Field
            control={control}
            name={name}
            label={label}
            helperText={MESSAGES.application.urlHint}
            slotProps={{ htmlInput: { inputMode: 'url' } }}
          />
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The shipping address: the saved one (shown as it is) or a new one typed here. Without a saved
 * address the new one is entered and kept on the profile.
 */
function ShippingAddressFields({
  control,
  choice,
  savedAddress,
  onChoose,
}: {
  control: Control<ApplicationFormValues>;
  choice: ShippingChoice;
  savedAddress: ShippingAddress | null;
  onChoose: (choice: ShippingChoice) => void;
}) {
  return (
    <>
      <Grid size={12}>
        <FormControl>
          <FormLabel id="shipping-choice-label">Shipping address</FormLabel>
          <RadioGroup
            row
            aria-labelledby="shipping-choice-label"
            value={choice}
            onChange={(event) => onChoose(event.target.value as ShippingChoice)}
          >
            <FormControlLabel
              value="existing"
              control={<Radio />}
              label="Use my saved address"
              disabled={!savedAddress}
            />
            <FormControlLabel value="new" control={<Radio />} label="Enter a new address" />
          </RadioGroup>
        </FormControl>
        {!savedAddress && (
          <Typography variant="body2" color="text.secondary">
            You have no saved shipping address yet; the one you enter here will be saved to your profile.
          </Typography>
        )}
      </Grid>
      {choice === 'existing' && savedAddress ? (
        <Grid size={12}>
          <Box
            aria-label="Saved shipping address"
            sx={{ bgcolor: 'background.default', border: 1, borderColor: 'divider', borderRadius: 3, p: 2 }}
          >
            {formatAddress(savedAddress).map((line) => (
              <Typography key={line}>{line}</Typography>
            ))}
          </Box>
        </Grid>
      ) : (
        <>
          <Grid size={12}>
            <Field
              control={control}
              name="shipping_address.line1"
              label="Street Address"
              required
              autoComplete="address-line1"
            />
          </Grid>
          <Grid size={12}>
            <Field
              control={control}
              name="shipping_address.line2"
              label="Apartment, suite, etc."
              autoComplete="address-line2"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field
              control={control}
              name="shipping_address.city"
              label="City"
              required
              autoComplete="address-level2"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field
              control={control}
              name="shipping_address.state"
              label="State"
              autoComplete="address-level1"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field
              control={control}
              name="shipping_address.postal"
              label="Postal Code"
              autoComplete="postal-code"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field
              control={control}
              name="shipping_address.country"
              label="Country"
              required
              autoComplete="country-name"
            />
          </Grid>
        </>
      )}
    </>
  );
}
