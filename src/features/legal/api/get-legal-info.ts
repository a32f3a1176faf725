import { queryOptions } from '@tanstack/react-query';
import { getLegalInfo as getLegalInfoOp, type LegalInfo } from '@common/api/account';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `GET /api/legal` (public): the versions of the terms and privacy policy in force and the contact address. */
export function getLegalInfo(signal?: AbortSignal): Promise<LegalInfo> {
  return call(getLegalInfoOp, { signal });
}

/** The legal facts as a query; they change only with a deployment. */
export const legalQuery = () => queryOptions({ queryKey: queryRoots.legal, queryFn: ({ signal }) => getLegalInfo(signal), staleTime: Infinity });
