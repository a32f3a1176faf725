import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { MyAbsenceMark } from '@common/api/matches';
import { DisputeDialog } from '@/shared/components/dispute-dialog';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { absencesQuery, canDispute } from '@/shared/api/absences';
import { koreanDateTime, whenLabel } from '@/lib/dates';
import { useNow } from '@/lib/use-now';

/** Where a mark's dispute stands: open (until when), under review, or decided; '' once the window passed unused. */
function disputeState(mark: MyAbsenceMark['mark'], now: Date): string {
  if (mark.decision === 'upheld') return ko.activity.disputeUpheld;
  if (mark.decision === 'removed') return ko.activity.disputeRemoved;
  if (mark.disputedAt) return ko.activity.disputed;
  if (now.getTime() < Date.parse(mark.disputeUntil)) return format(ko.activity.disputeUntil, { time: koreanDateTime(mark.disputeUntil) });
  return '';
}

/**
 * 노쇼 기록 on 내 정보 (issue #28 item 1): every absence mark against me — the meal, who said it,
 * the dispute and its decision, and whether it counts — with 이의 제기 while the window is open.
 */
export function AbsenceMarks() {
  const headingId = useId();
  const marks = useQuery(absencesQuery());
  const now = useNow();
  const [disputing, setDisputing] = useState<number | null>(null);
  const list = marks.data ?? [];
  return (
    <section className="absence-marks" aria-labelledby={headingId}>
      <h2 id={headingId} className="blocked-members__heading">
        {ko.absences.heading}
      </h2>
      <QueryState query={marks} rows={1} />
      {marks.isSuccess && list.length === 0 && <p className="field__hint">{ko.absences.empty}</p>}
      {list.length > 0 && (
        <>
          <p className="field__hint">{ko.absences.intro}</p>
          <ul className="blocked-members__list">
            {list.map((m) => {
              const state = disputeState(m.mark, now);
              return (
                <li key={m.matchId} className="absence-mark">
                  <p className="absence-mark__meal">
                    <strong>{whenLabel(m.meal.date, m.meal.time)}</strong> {m.meal.placeName}
                  </p>
                  <p className="absence-mark__meta">
                    {format(ko.absences.markedBy, { name: m.markedBy.name })} · {m.counted ? ko.absences.counted : ko.absences.notCounted}
                  </p>
                  {state && <p className="absence-mark__dispute">{state}</p>}
                  {canDispute(m.mark, now) && (
                    <button type="button" className="btn btn--secondary btn--small" onClick={() => setDisputing(m.matchId)}>
                      {ko.dispute.open}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <DisputeDialog matchId={disputing} onClose={() => setDisputing(null)} />
    </section>
  );
}
