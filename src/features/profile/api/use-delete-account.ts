/**
 * `DELETE /api/user/me {password | confirm: "탈퇴"}` (issue #17 item 2) → 204; 403 a wrong password,
 * 400 a missing password or word. The member and their data are gone.
 */
import { deleteAccount as deleteAccountOp, type DeleteAccountBody } from '@common/api/account';
import { call } from '@/lib/api-client';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Nothing to refetch: on success the screen ends the session (signing out drops the member's cache). */
export const invalidates = [] as const satisfies Invalidates;

export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await call(deleteAccountOp, { body });
}

/** The deletion as a mutation of the body; `options` add the screen's reactions (sign out, toast, home). */
export function useDeleteAccount(options: Parameters<typeof useWrite<void, DeleteAccountBody>>[1] = {}) {
  return useWrite({ mutationFn: deleteAccount, invalidates }, options);
}
