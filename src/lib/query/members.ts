/**
 * Who is coming to a meal (issue #30 item 1): `GET /api/schedules/{id}/members`. Its members (the
 * host and the accepted and confirmed guests) get the array of members with their figures; any
 * other signed-in member gets `{ count, host }` only; anonymous 401. Shared here because the meal
 * card (activity) and the chat header (chat) both show the faces and features do not import each
 * other. Offline the service worker answers it from the member's mirror (common/offline.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { TableMember, TableMembersAnswer } from '@common/api/chat';
import { listTableMembers } from '@common/api/table';
import { call } from '@/lib/api-client';
import { queryRoots } from './keys';

/** One member of a table as its members see it (common/api/chat.ts). `status` is the guest's match status ('HOST' for the host). */
export type { TableMember };

/** What a member of the table sees (`members`), or what anyone else signed in sees (`count` and the host). */
export type TableMembers = { visible: true; members: TableMember[] } | { visible: false; count: number; host: Pick<TableMember, 'id' | 'name' | 'profileImage'> };

/** Query key of meal `scheduleId`'s members: `['table-members', scheduleId]`. */
export const membersKey = (scheduleId: number) => [...queryRoots.tableMembers, scheduleId] as const;

/** Reads either answer shape into `TableMembers`: the array for a member, `{count, host}` for anyone else. */
export function readMembers(answer: TableMembersAnswer): TableMembers {
  if (Array.isArray(answer)) return { visible: true, members: answer };
  return { visible: false, count: answer.count, host: answer.host };
}

/**
 * `GET /api/schedules/{id}/members` as a query. Invalidated by the match notifications
 * (`./invalidation.ts`: accepted, confirmed, cancelled, withdrawn) and by a table chat's system line.
 */
export const membersQuery = (scheduleId: number) =>
  queryOptions({
    queryKey: membersKey(scheduleId),
    queryFn: async ({ signal }) => readMembers(await call(listTableMembers, { params: { id: scheduleId }, signal })),
  });
