import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  CREATOR_MESSAGES,
  GENDER_OPTIONS,
  LIMITS,
  MESSAGES,
  PROFILE_REQUIRED_FIELDS,
  PROFILE_UPDATE_FIELDS,
  profileUpdateErrors,
  type CreatorProfile,
  type ProfileUpdate,
  type ProfileUpdateField,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/notifications';
import { useUpdateCreatorProfile } from '../api/update-creator-profile';
import { profileToValues } from '../lib/profile-values';
import { useDashboardError } from '../lib/use-dashboard-error';

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

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The spec §5 rules from packages/domain, as a react-hook-form resolver. */
const resolver: Resolver<ProfileUpdate> = async (values) => {
  const problems = profileUpdateErrors(values);
  if (Object.keys(problems).length === 0) return { values, errors: {} };
  const errors: FieldErrors<ProfileUpdate> = {};
  for (const [field, messages] of Object.entries(problems)) {
    errors[field as ProfileUpdateField] = { type: 'validate', message: messages[0] };
  }
  return { values: {}, errors };
};

interface EditProfileDialogProps {
  open: boolean;
  profile: CreatorProfile;
  onClose: () => void;
}

/** Spec §2/§5 Edit Profile dialog: every update field, the avatar, per-field server errors. */
export function EditProfileDialog({ open, profile, onClose }: EditProfileDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const mutation = useUpdateCreatorProfile();
  const busy = mutation.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="edit-profile-title"
    >
      {/* Mounted while open only, so every opening starts from the saved profile. */}
      <EditProfileForm profile={profile} onClose={onClose} mutation={mutation} />
    </Dialog>
  );
}

interface EditProfileFormProps {
  profile: CreatorProfile;
  onClose: () => void;
  mutation: ReturnType<typeof useUpdateCreatorProfile>;
}

function EditProfileForm({ profile, onClose, mutation }: EditProfileFormProps) {
  const notify = useNotify();
  const handleError = useDashboardError();
  const photoInput = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileUpdate>({ resolver, defaultValues: profileToValues(profile) });

  const avatarPreview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(() => () => (avatarPreview ? URL.revokeObjectURL(avatarPreview) : undefined), [avatarPreview]);

  const bioLength = (useWatch({ control, name: 'bio' }) ?? '').length;
  const { ref: bioRef, ...bioField } = register('bio');
  const busy = mutation.isPending;

  const pickAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return setAvatarError(CREATOR_MESSAGES.avatarInvalid);
    if (file.size > LIMITS.avatarMaxBytes) return setAvatarError(CREATOR_MESSAGES.avatarTooLarge);
    setAvatarError(null);
    setAvatar(file);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const updated = await mutation.mutateAsync({ values, avatar });
      notify(MESSAGES.dashboard.profileUpdated, { severity: 'success' });
      if (updated.message) notify(updated.message, { severity: 'info', durationMs: LIMITS.errorToastMs });
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.fieldErrors() : {};
      const known = Object.keys(fields).filter((f) =>
        (PROFILE_UPDATE_FIELDS as readonly string[]).includes(f),
      );
      for (const field of known)
        setError(field as ProfileUpdateField, { type: 'server', message: fields[field]![0] });
      if (fields.avatar) setAvatarError(fields.avatar[0]!);
      if (known.length === 0 && !fields.avatar) {
        if (error instanceof ApiError && error.status === 400)
          setFormError(error.detail || MESSAGES.dashboard.updateProfileFailed);
        else handleError(error, MESSAGES.dashboard.updateProfileFailed);
      }
    }
  });

  const field = (name: ProfileUpdateField) => {
    const required = (PROFILE_REQUIRED_FIELDS as readonly string[]).includes(name);
    const common = {
      id: `profile-${name}`,
      label: LABELS[name],
      required,
      disabled: busy,
      error: Boolean(errors[name]),
      helperText: errors[name]?.message,
    };
    if (name === 'gender') {
      return (
        <Controller
          key={name}
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
      name === 'email' && profile.pending_email && !errors.email
        ? `Waiting for confirmation: we sent a link to ${profile.pending_email}.`
        : undefined;
    return (
      <TextField
        key={name}
        {...common}
        {...registered}
        inputRef={ref}
        helperText={common.helperText ?? pendingHint}
        type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              src={avatarPreview ?? (profile.profile.profilePicture || undefined)}
              sx={{ width: 72, height: 72 }}
              alt=""
            />
            <Box>
              {/* A real button (keyboard-operable) that opens the hidden file input. */}
              <Button variant="outlined" disabled={busy} onClick={() => photoInput.current?.click()}>
                Change Photo
              </Button>
              <input
                ref={photoInput}
                hidden
                type="file"
                accept={AVATAR_TYPES.join(',')}
                onChange={pickAvatar}
                aria-label="Profile photo"
              />
              <Typography
                variant="caption"
                sx={{ display: 'block', mt: 0.5, color: avatarError ? 'error.main' : 'text.secondary' }}
                role={avatarError ? 'alert' : undefined}
              >
                {avatarError ?? (avatar ? avatar.name : 'JPEG, PNG or WebP, up to 5 MB')}
              </Typography>
            </Box>
          </Stack>
          <TextField
            id="profile-bio"
            label={LABELS.bio}
            required
            multiline
            minRows={3}
            disabled={busy}
            error={Boolean(errors.bio) || bioLength > LIMITS.bioMaxLength}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <span>{errors.bio?.message}</span>
                <span aria-live="polite">{`${bioLength}/${LIMITS.bioMaxLength}`}</span>
              </Box>
            }
            {...bioField}
            inputRef={bioRef}
          />
          {SECTIONS.map((section) => (
            <Box key={section.title}>
              <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                {section.title}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
                {section.fields.map(field)}
              </Box>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </Box>
  );
}
