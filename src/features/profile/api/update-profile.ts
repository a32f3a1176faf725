import type { ProfileUpdateBody, User } from '@common/api/users';
import { api } from '@/lib/api-client';

/** `PUT /api/user/profile`: the wizard payload or the profile edit; answers the updated user. */
export function updateProfile(body: ProfileUpdateBody): Promise<User> {
  return api.put<User>('/api/user/profile', body);
}
