/**
 * The faces of a table (issue #30 item 1): the host and the accepted and confirmed guests of a
 * meal, from `GET /api/schedules/{id}/members` (`membersQuery`), as a row of round pictures; a tap
 * opens the member's public profile. A member of the table sees everyone; anyone else sees the
 * host and "N명 참여 중". Nothing while loading or when the call fails (the faces are extra).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { format, ko } from '@/i18n/ko';
import { membersQuery, type TableMember } from '@/lib/query/members';
import { Avatar } from '@/components/ui/avatar';
import { onFirstInteraction, useOpenedOnce } from '@/components/ui/first-interaction';
import './members-row.css';

// Issue #33 item 1: the profile dialog (Radix Dialog, the report and block buttons) loads when a
// face is first tapped, and after the member's first press or key, so it still opens offline.
const loadProfileDialog = () => import('./member-profile-dialog');
const MemberProfileDialog = lazy(() => loadProfileDialog().then((m) => ({ default: m.MemberProfileDialog })));

type Face = Pick<TableMember, 'id' | 'name' | 'profileImage'> & { role?: TableMember['role'] };

interface MembersRowProps {
  scheduleId: number;
  /** Picture size in px (default 32). */
  size?: number;
  /** At most this many faces, then "외 N명" (default 6). */
  max?: number;
  className?: string;
}

export function MembersRow({ scheduleId, size = 32, max = 6, className }: MembersRowProps) {
  const members = useQuery(membersQuery(scheduleId));
  const [open, setOpen] = useState<Face | null>(null);
  const dialogMounted = useOpenedOnce(open !== null);
  useEffect(() => onFirstInteraction(() => void loadProfileDialog().catch(() => undefined)), []);
  if (!members.data) return null;
  const data = members.data;
  const faces: Face[] = data.visible ? data.members : [{ ...data.host, role: 'host' }];
  const shown = faces.slice(0, max);
  const extra = data.visible ? faces.length - shown.length : Math.max(0, data.count - shown.length);
  return (
    <div className={className ? `members-row ${className}` : 'members-row'}>
      <ul className="members-row__list" aria-label={ko.table.faces} data-testid="members-row">
        {shown.map((m) => (
          <li key={m.id}>
            <button type="button" className="members-row__face" aria-label={m.role === 'host' ? `${ko.table.host} ${format(ko.table.openProfile, { name: m.name })}` : format(ko.table.openProfile, { name: m.name })} onClick={() => setOpen(m)}>
              <Avatar src={m.profileImage} alt="" size={size} />
              {m.role === 'host' && <span className="members-row__host">{ko.table.host}</span>}
            </button>
          </li>
        ))}
      </ul>
      {extra > 0 && <span className="members-row__more">{format(data.visible ? ko.table.more : ko.table.count, { n: data.visible ? extra : data.count })}</span>}
      {dialogMounted && (
        <Suspense fallback={null}>
          <MemberProfileDialog member={open} onOpenChange={(o) => !o && setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
