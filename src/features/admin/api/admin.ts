/**
 * The moderation API (issue #17 item 6; common/api/reports.ts): the reports queue per status, the
 * audit, and the actions (resolve, suspend, unsuspend), each invalidating the queue and the audit.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReportGroup, AuditEntry, ResolveBody, ResolveResult, SuspensionState } from '@common/api/reports';
import { api } from '@/lib/api-client';

/** Query key root of the admin screens. */
export const ADMIN_KEY = ['admin'] as const;

/** `GET /api/admin/reports?status=` (the first 100 groups). */
export const adminReportsQuery = (status: 'open' | 'resolved') =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'reports', status],
    queryFn: ({ signal }) => api.get<AdminReportGroup[]>(`/api/admin/reports?status=${status}&limit=100`, { signal }),
  });

/** `GET /api/admin/audit` (the newest 200). */
export const adminAuditQuery = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'audit'], queryFn: ({ signal }) => api.get<AuditEntry[]>('/api/admin/audit?limit=200', { signal }) });

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
