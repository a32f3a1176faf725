import { createFileRoute } from '@tanstack/react-router';
import { AdminForbidden, AdminPage } from '@/features/admin/components/admin-page';
import { ko } from '@/i18n/shell';
import { useSession } from '@/lib/session/store';

/**
 * 관리자 (issue #17 item 6): only for members whose role (from `GET /api/user/me` / the login
 * answer) is `admin`; everyone else gets the "권한이 없어요." page. The server refuses members on
 * every `/api/admin/*` call anyway.
 */
export const Route = createFileRoute('/_authenticated/admin')({
  beforeLoad: () => ({ isAdmin: useSession.getState().user?.role === 'admin' }),
  staticData: { title: ko.admin.title },
  component: AdminRoute,
});

function AdminRoute() {
  const { isAdmin } = Route.useRouteContext();
  // A role change after the page opened (e.g. a refreshed profile) is followed too.
  const role = useSession((s) => s.user?.role);
  return isAdmin && role === 'admin' ? <AdminPage /> : <AdminForbidden />;
}
