import type { User } from '@common/api/users';
import { api } from '@/lib/api-client';

/** `GET /api/user/me`: refreshes my rating for the "내 평점" tile. */
export function getMe(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/user/me', { signal });
}
