/**
 * A member's public profile in a dialog (issue #30 item 1: a face in the members row opens it):
 * `GET /api/users/{id}` (issue #15) — name, picture, 선호 음식, 평균 평점 (아직 없어요 below 5
 * reviews) and the 식사·노쇼·늦은 취소 figures; 신고하기 and 차단하기 for another member. A member
 * who is gone or across a block (issue #32 item 5: 404 USER_NOT_FOUND, either way) reads the
 * catalogue's "회원을 찾을 수 없어요." instead of a load failure with 다시 시도.
 */
import { useQuery } from '@tanstack/react-query';
import { getPublicProfile } from '@common/api/users';
import { errorText } from '@common/errors';
import { formatAverageRating } from '@common/domain/rating';
import { PREFERENCES } from '@common/domain/vocabulary';
import { format, ko } from '@/i18n/ko';
import { call, isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/store';
import { Avatar } from '@/components/ui/avatar';
import { BlockMemberButton } from './block-member-button';
import { Dialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/load-state';
import { memberStatsText } from './member-stats';
import './profile-dialog.css';
import { ReportButton } from './report-dialog';

/** `GET /api/users/{id}` as a query: `['users', id]`. */
export const publicProfileQuery = (id: number) => ({
  queryKey: ['users', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(getPublicProfile, { params: { id }, signal }),
});

interface MemberProfileDialogProps {
  /** The member to show (name and picture shown at once); null when closed. */
  member: { id: number; name: string; profileImage: string | null } | null;
  onOpenChange: (open: boolean) => void;
}

export function MemberProfileDialog({ member, onOpenChange }: MemberProfileDialogProps) {
  const myId = useSession((s) => s.user?.id);
  const profile = useQuery({ ...publicProfileQuery(member?.id ?? 0), enabled: member !== null });
  const p = profile.data;
  const notFound = isApiError(profile.error) && profile.error.code === 'USER_NOT_FOUND';
  const stats = p ? memberStatsText(p) : '';
  const preferences = p ? PREFERENCES.filter((x) => p.preferences?.[x] === true) : [];
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange} title={member?.name ?? ''}>
      {member && (
        <div className="author-profile">
          <Avatar src={member.profileImage} alt="" size={88} />
          {notFound ? (
            <p className="empty-state" role="status">
              {errorText('USER_NOT_FOUND')}
            </p>
          ) : (
            <QueryState query={profile} rows={2} />
          )}
          {p && (
            <dl className="member-profile">
              <dt>{ko.matching.preferences}</dt>
              <dd>{preferences.length ? preferences.join(', ') : ko.matching.noPreferences}</dd>
              <dt>{ko.table.averageRating}</dt>
              <dd>{formatAverageRating(p.rating, p.reviewCount)}</dd>
              {stats && (
                <>
                  <dt>{ko.memberStats.label}</dt>
                  <dd>{stats}</dd>
                </>
              )}
            </dl>
          )}
          {member.id !== myId && (
            <div className="author-profile__actions">
              <ReportButton targetType="member" targetId={member.id} label={format(ko.reports.reportLabel, { what: `${member.name} ${ko.reports.targets.member}` })} />
              <BlockMemberButton userId={member.id} name={member.name} onBlocked={() => onOpenChange(false)} />
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
