import { useRef, type ChangeEvent } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Avatar, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  GENDER_OPTIONS,
  LIMITS,
  PROFILE_REQUIRED_FIELDS,
  type ProfileUpdate,
  type ProfileUpdateField,
} from '@app/domain';

/**
 * The Edit Profile dialog's fields and layout. They read the form through react-hook-form's
 * context; its state, checks and submission live in edit-profile-dialog.tsx.
 */

const LABELS: Record<ProfileUpdateField, string> = {
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone Number',
  gender: 'Gender',
  bio: 'Bio',
  address: 'Address',
  website: 'Website',
  portfolio_url: 'Portfolio URL',
  instagram: 'Instagram',
  youtube_url: 'YouTube URL',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  facebook: 'Facebook',
  shipping_address_line1: 'Address Line 1',
  shipping_address_line2: 'Address Line 2',
  shipping_city: 'City',
  shipping_state: 'State',
  shipping_postal_code: 'Postal Code',
  shipping_country: 'Country',
};

const SECTIONS: Array<{ title: string; fields: ProfileUpdateField[] }> = [
  { title: 'Personal', fields: ['name', 'email', 'phone', 'gender', 'address'] },
  {
    title: 'Shipping address',
    fields: [
      'shipping_address_line1',
      'shipping_address_line2',
      'shipping_city',
      'shipping_state',
      'shipping_postal_code',
      'shipping_country',
    ],
  },
  {
    title: 'Links',
    fields: ['website', 'portfolio_url', 'instagram', 'youtube_url', 'linkedin', 'twitter', 'facebook'],
  },
];

/** The image types an avatar may have (the server checks the same). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const AVATAR_HINT = `JPEG, PNG or WebP, up to ${LIMITS.avatarMaxBytes / (1024 * 1024)} MB`;

/** The avatar with Change Photo: the picked file's name, or why it was refused. */
export function AvatarPicker({
  src,
  fileName,
  error,
  disabled,
  onPick,
}: {
  src: string | undefined;
  fileName: string | undefined;
  error: string | null;
  disabled: boolean;
  onPick: (file: File) => void;
}) {
  const photoInput = useRef<HTMLInputElement>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={src} sx={{ width: 72, height: 72 }} alt="" />
      <Box>
        {/* A real button (keyboard-operable) that opens the hidden file input. */}
        <Button variant="outlined" disabled={disabled} onClick={() => photoInput.current?.click()}>
          Change Photo
        </Button>
        <input
          ref={photoInput}
          hidden
          type="file"
          accept={AVATAR_TYPES.join(',')}
          onChange={pick}
          aria-label="Profile photo"
        />
        <Typography
          variant="caption"
          sx={{ display: 'block', mt: 0.5, color: error ? 'error.main' : 'text.secondary' }}
          role={error ? 'alert' : undefined}
        >
          {error ?? fileName ?? AVATAR_HINT}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The bio with its character count against the limit. */
export function BioField({ disabled }: { disabled: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProfileUpdate>();
  const bioLength = (useWatch({ control, name: 'bio' }) ?? '').length;
  const { ref, ...field } = register('bio');
  return (
    <TextField
      id="profile-bio"
      label={LABELS.bio}
      required
      multiline
      minRows={3}
      disabled={disabled}
      error={Boolean(errors.bio) || bioLength > LIMITS.bioMaxLength}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{errors.bio?.message}</span>
          <span aria-live="polite">{`${bioLength}/${LIMITS.bioMaxLength}`}</span>
        </Box>
      }
      {...field}
      inputRef={ref}
    />
  );
}

/** One update field: a text input, or the gender select. */
function ProfileField({
  name,
  disabled,
  pendingEmail,
}: {
  name: ProfileUpdateField;
  disabled: boolean;
  pendingEmail: string | null;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProfileUpdate>();
  const common = {
    id: `profile-${name}`,
    label: LABELS[name],
    required: (PROFILE_REQUIRED_FIELDS as readonly string[]).includes(name),
    disabled,
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  };
  if (name === 'gender') {
    return (
      <Controller
        name="gender"
        control={control}
        render={({ field: { ref, ...rest } }) => (
          <TextField {...common} {...rest} inputRef={ref} select>
            {GENDER_OPTIONS.map((option) => (
              <MenuItem key={option.value || 'none'} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    );
  }
  const { ref, ...registered } = register(name);
  const pendingHint =
    name === 'email' && pendingEmail && !errors.email
      ? `Waiting for confirmation: we sent a link to ${pendingEmail}.`
      : undefined;
  return (
    <TextField
      {...common}
      {...registered}
      inputRef={ref}
      helperText={common.helperText ?? pendingHint}
      type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
    />
  );
}

/** The personal, shipping and link fields, each section in a two-column grid. */
export function ProfileFieldSections({
  disabled,
  pendingEmail,
}: {
  disabled: boolean;
  pendingEmail: string | null;
}) {
  return SECTIONS.map((section) => (
    <Box key={section.title}>
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        {section.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
        {section.fields.map((name) => (
          <ProfileField key={name} name={name} disabled={disabled} pendingEmail={pendingEmail} />
        ))}
      </Box>
    </Box>
  ));
}
