import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_COOKIE, CSRF_HEADER, type CreatorProfile, type ProfileUpdate } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { creatorProfileQueryKey, getCreatorProfile } from './get-creator-profile';
import { creatorStatsQueryKey } from './get-creator-stats';

export interface UpdateCreatorProfileInput {
  values: ProfileUpdate;
  avatar?: File | null;
  /** Needed when the e-mail address changes (the server refuses the change without it). */
  currentPassword?: string;
}

function readCookie(name: string): string {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : '';
}

/**
 * PATCH /api/accounts/auth/creator-profile/ as multipart (spec §7): every field, the optional
 * avatar, and the CSRF header copied from the cookie the profile GET set.
 */
export async function updateCreatorProfile({
  values,
  avatar,
  currentPassword,
}: UpdateCreatorProfileInput): Promise<CreatorProfile> {
  // The cookie comes with the profile GET; fetch it first if the browser has dropped it.
  if (!readCookie(CSRF_COOKIE)) await getCreatorProfile();
  const form = new FormData();
  for (const [field, value] of Object.entries(values)) form.append(field, value);
  if (avatar) form.append('avatar', avatar);
  if (currentPassword) form.append('current_password', currentPassword);
  return apiRequest<CreatorProfile>('/api/accounts/auth/creator-profile/', {
    method: 'PATCH',
    body: form,
    headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) },
  });
}

export function useUpdateCreatorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCreatorProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(creatorProfileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: creatorStatsQueryKey });
    },
  });
}
