/**
 * The moderation API (issue #17 item 6; common/api/reports.ts): the reports queue per status, the
 * audit, and the actions (resolve, suspend, unsuspend), each invalidating the queue and the audit.
 */
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReportGroup, AuditEntry, ResolveBody, ResolveResult, SuspensionState } from '@common/api/reports';
import { api, apiPage } from '@/lib/api-client';

/** Query key root of the admin screens. */
export const ADMIN_KEY = ['admin'] as const;

/** `path` with `cursor` (the `Link` header's position of the next page) added when there is one. */
const withCursor = (path: string, cursor: string | null) => (cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path);

/** `GET /api/admin/reports?status=` page by page (issue #19 item 1: 20 groups a page, the next on scroll). */
export const adminReportsQuery = (status: 'open' | 'resolved') =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'reports', status],
    queryFn: ({ pageParam, signal }) => apiPage<AdminReportGroup>(withCursor(`/api/admin/reports?status=${status}`, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** `GET /api/admin/audit` page by page, newest first. */
export const adminAuditQuery = () =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'audit'],
    queryFn: ({ pageParam, signal }) => apiPage<AuditEntry>(withCursor('/api/admin/audit', pageParam), { signal }),
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
    mutationFn: ({ id, body }: { id: number; body: ResolveBody }) => api.post<ResolveResult>(`/api/admin/reports/${id}/resolve`, body),
    onSuccess: () => Promise.all([ADMIN_KEY, ['board'], ['schedules'], ['chat'], ['reviews']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** `POST /api/admin/users/{id}/unsuspend`. */
export function useUnsuspend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<SuspensionState>(`/api/admin/users/${userId}/unsuspend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
