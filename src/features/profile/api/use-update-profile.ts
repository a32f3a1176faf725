import { updateProfile as updateProfileOp, type ProfileUpdateBody, type User } from '@common/api/users';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** The member changed on the server: every view of them refetches. */
export const invalidates = ['me'] as const satisfies Invalidates;

/** `PUT /api/user/profile`: the wizard payload or the profile edit; answers the updated user. */
export function updateProfile(body: ProfileUpdateBody): Promise<User> {
  return call(updateProfileOp, { body });
}

/** The save as a mutation; `options` add the screen's toasts (and may put the answer in the cache first). */
export function useUpdateProfile(options: Parameters<typeof useWrite<User, ProfileUpdateBody>>[1] = {}) {
  return useWrite({ mutationFn: updateProfile, invalidates }, options);
}
