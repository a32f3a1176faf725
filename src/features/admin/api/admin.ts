/**
 * The moderation API (issue #17 item 6; common/api/reports.ts): the reports queue per status, the
 * audit, and the actions (resolve, suspend, unsuspend), each invalidating the queue and the audit.
 */
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listAdminAudit as listAdminAuditOp, listAdminReports as listAdminReportsOp, resolveReport as resolveReportOp, unsuspendMember as unsuspendMemberOp } from '@common/api/reports';
import type { ResolveBody } from '@common/api/reports';
import { call, callPage } from '@/lib/api-client';

/** Query key root of the admin screens. */
export const ADMIN_KEY = ['admin'] as const;

/** `GET /api/admin/reports?status=` page by page (issue #19 item 1: 20 groups a page, the next on scroll). */
export const adminReportsQuery = (status: 'open' | 'resolved') =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'reports', status],
    queryFn: ({ pageParam, signal }) => callPage(listAdminReportsOp, pageParam, { query: { status }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** `GET /api/admin/audit` page by page, newest first. */
export const adminAuditQuery = () =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'audit'],
    queryFn: ({ pageParam, signal }) => callPage(listAdminAuditOp, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every loaded page's items in order, each id once. */
export function pageItems<T extends { id: number }>(data: { pages: readonly { items: readonly T[] }[] } | undefined): T[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.items).filter((x) => !seen.has(x.id) && (seen.add(x.id), true));
}

/** `POST /api/admin/reports/{id}/resolve`. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResolveBody }) => call(resolveReportOp, { params: { id }, body }),
    onSuccess: () => Promise.all([ADMIN_KEY, ['board'], ['schedules'], ['chat'], ['reviews']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** `POST /api/admin/users/{id}/unsuspend`. */
export function useUnsuspend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(unsuspendMemberOp, { params: { id: userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
