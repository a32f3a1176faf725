import { useId } from 'react';
import type { ScheduleAuthor } from '@common/api/schedules';
import { formatAverageRating } from '@common/domain/rating';
import { PREFERENCES } from '@common/domain/vocabulary';
import { Avatar } from '@/components/ui/avatar';
import { BlockMemberButton } from '@/shared/components/block-member-button';
import { Dialog } from '@/components/ui/dialog';
import { ReportButton } from '@/shared/components/report-dialog';
import { memberStatsText } from '@/shared/components/member-stats';
import { format, ko } from '@/i18n/ko';
import { useSession } from '@/lib/session/store';
import '@/shared/components/profile-dialog.css';

interface AuthorProfileDialogProps {
  author: ScheduleAuthor | null;
  /** The schedule the profile was opened from: "일정 신고하기" (issue #17). */
  scheduleId?: number;
  onOpenChange: (open: boolean) => void;
}

/** A schedule author's profile: 선호 음식 (the ones switched on), 평균 평점 (아직 없어요 below 5 reviews) and, issue #15, 식사·노쇼·늦은 취소. */
export function AuthorProfileDialog({ author, scheduleId, onOpenChange }: AuthorProfileDialogProps) {
  const prefsId = useId();
  const ratingId = useId();
  const statsId = useId();
  const stats = author ? memberStatsText(author) : '';
  const myId = useSession((s) => s.user?.id);
  const preferences = author ? PREFERENCES.filter((p) => author.preferences?.[p] === true) : [];
  return (
    <Dialog open={author !== null} onOpenChange={onOpenChange} title={author?.name ?? ''}>
      {author && (
        <div className="author-profile">
          <Avatar src={author.profileImage} alt="" size={88} />
          <h3 id={prefsId} className="author-profile__heading">
            {ko.matching.preferences}
          </h3>
          {preferences.length > 0 ? (
            <ul className="chip-list" aria-labelledby={prefsId}>
              {preferences.map((p) => (
                <li key={p} className="chip chip--static">
                  {p}
                </li>
              ))}
            </ul>
          ) : (
            <p className="field__hint">{ko.matching.noPreferences}</p>
          )}
          <h3 id={ratingId} className="author-profile__heading">
            {ko.matching.averageRating}
          </h3>
          <p className="author-profile__rating" aria-labelledby={ratingId}>
            {formatAverageRating(author.averageRating, author.reviewCount)}
          </p>
          {stats && (
            <>
              <h3 id={statsId} className="author-profile__heading">
                {ko.memberStats.label}
              </h3>
              <p className="author-profile__stats" aria-labelledby={statsId}>
                {stats}
              </p>
            </>
          )}
          {/* Issue #17: block from the profile (not one's own). */}
          {author.id !== myId && (
            <div className="author-profile__actions">
              {/* Issue #17: report the member, or the schedule the profile was opened from. */}
              {/* Two report buttons: each says what it reports (issue #31 item 5). */}
              <ReportButton
                targetType="member"
                targetId={author.id}
                label={format(ko.reports.reportLabel, { what: `${author.name} ${ko.reports.targets.member}` })}
                text={scheduleId !== undefined ? format(ko.reports.reportLabel, { what: ko.reports.targets.member }) : undefined}
              />
              {scheduleId !== undefined && (
                <ReportButton
                  targetType="schedule"
                  targetId={scheduleId}
                  label={format(ko.reports.reportLabel, { what: ko.reports.targets.schedule })}
                  text={format(ko.reports.reportLabel, { what: ko.reports.targets.schedule })}
                />
              )}
              <BlockMemberButton userId={author.id} name={author.name} onBlocked={() => onOpenChange(false)} />
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
