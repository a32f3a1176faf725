/**
 * `POST /api/user/consent {agreeTerms, agreePrivacy, ageConfirmed}` (issue #17 item 1): agrees to the versions in
 * force; answers the member (`consentRequired: false`). 400 `CONSENT_REQUIRED` when a required one is missing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { giveConsent as giveConsentOp, type ConsentBody } from '@common/api/account';
import type { User } from '@common/api/users';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { useWrite, type Invalidates } from '@/lib/query/writes';

/** Nothing to refetch: the answer is the member, written into `me` as it comes (the hook does). */
export const invalidates = [] as const satisfies Invalidates;

export function giveConsent(body: ConsentBody): Promise<User> {
  return call(giveConsentOp, { body });
}

/** The consent as a mutation: the answered member replaces `me`, then `options.onSuccess` runs (the screen moves on). */
export function useGiveConsent(options: Parameters<typeof useWrite<User, ConsentBody>>[1] = {}) {
  const client = useQueryClient();
  return useWrite(
    { mutationFn: giveConsent, invalidates },
    {
      ...options,
      onSuccess: (user, ...rest) => {
        client.setQueryData(queryRoots.me, user);
        return options.onSuccess?.(user, ...rest);
      },
    },
  );
}
