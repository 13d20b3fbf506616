import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  CREATOR_MESSAGES,
  LIMITS,
  MESSAGES,
  normalizeEmail,
  PROFILE_UPDATE_FIELDS,
  profileUpdateErrors,
  type CreatorProfile,
  type ProfileUpdate,
  type ProfileUpdateField,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../components/notifications';
import { useUpdateCreatorProfile } from '../api/update-creator-profile';
import { profileToValues } from '../lib/profile-values';
import { useDashboardError } from '../lib/use-dashboard-error';
import { AVATAR_TYPES, AvatarPicker, BioField, ProfileFieldSections } from './edit-profile-fields';

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

/**
 * The form: its values and the spec's checks (react-hook-form), the avatar, and the submission,
 * which puts the server's field errors beside their fields. The fields are edit-profile-fields.tsx.
 */
function EditProfileForm({ profile, onClose, mutation }: EditProfileFormProps) {
  const notify = useNotify();
  const handleError = useDashboardError();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileUpdate>({ resolver, defaultValues: profileToValues(profile) });
  const busy = mutation.isPending;
  // A new e-mail address needs the current password (the server checks it).
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const typedEmail = useWatch({ control: form.control, name: 'email' }) ?? '';
  const emailChanged = typedEmail.trim() !== '' && normalizeEmail(typedEmail) !== profile.email;

  const avatarPreview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(() => () => (avatarPreview ? URL.revokeObjectURL(avatarPreview) : undefined), [avatarPreview]);

  const pickAvatar = (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) return setAvatarError(CREATOR_MESSAGES.avatarInvalid);
    if (file.size > LIMITS.avatarMaxBytes) return setAvatarError(CREATOR_MESSAGES.avatarTooLarge);
    setAvatarError(null);
    setAvatar(file);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setPasswordError(null);
    if (emailChanged && !currentPassword) {
      setPasswordError(CREATOR_MESSAGES.currentPasswordRequired);
      return;
    }
    try {
      const updated = await mutation.mutateAsync({
        values,
        avatar,
        ...(emailChanged ? { currentPassword } : {}),
      });
      notify(MESSAGES.dashboard.profileUpdated, { severity: 'success' });
      if (updated.message) notify(updated.message, { severity: 'info', durationMs: LIMITS.errorToastMs });
      onClose();
    } catch (error) {
      // A 400's field errors go to their fields (the avatar and the password are outside the form).
      const badRequest = error instanceof ApiError && error.status === 400 ? error : undefined;
      const shown = showServerFieldErrors(form.setError, badRequest, PROFILE_UPDATE_FIELDS);
      const fields = badRequest?.fieldErrors() ?? {};
      if (fields.avatar) setAvatarError(fields.avatar[0]!);
      if (fields.current_password) setPasswordError(fields.current_password[0]!);
      if (!shown && !fields.avatar && !fields.current_password) {
        if (error instanceof ApiError && error.status === 400)
          setFormError(error.detail || MESSAGES.dashboard.updateProfileFailed);
        else handleError(error, MESSAGES.dashboard.updateProfileFailed);
      }
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <AvatarPicker
              src={avatarPreview ?? (profile.profile.profilePicture || undefined)}
              fileName={avatar?.name}
              error={avatarError}
              disabled={busy}
              onPick={pickAvatar}
            />
            <BioField disabled={busy} />
            <ProfileFieldSections disabled={busy} pendingEmail={profile.pending_email} />
            {emailChanged && (
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                disabled={busy}
                error={Boolean(passwordError)}
                helperText={
                  passwordError ??
                  'To change your email address, enter your current password. Your other sessions will be signed out.'
                }
                slotProps={{ htmlInput: { maxLength: LIMITS.passwordMaxLength } }}
              />
            )}
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
    </FormProvider>
  );
}
