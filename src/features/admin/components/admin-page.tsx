/**
 * The moderation page `/admin` (issue #17 item 6), for admins only (the route shows
 * `AdminForbidden` to members): tabs 신고 (open / resolved reports grouped per target: the content
 * in context, reporter count, reasons, and 무시 / 숨기기 / 정지 with a confirm) and 감사 기록 (every
 * admin action, newest first).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import type { AdminReportGroup } from '@common/api/reports';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { koreanDateTime } from '@/lib/dates';
import { adminAuditQuery, adminReportsQuery, pageItems, useResolveReport, useUnsuspend } from '../api/admin';
import { LoadMore } from '@/components/ui/load-more';
import './admin.css';

/** "2026년 11월 24일 (화) 오후 6:05" in KST (common/domain/korean-time, issue #18). */
const when = (iso: string) => koreanDateTime(iso);

/** What members see at /admin. */
export function AdminForbidden() {
  return (
    <section className="page admin" aria-labelledby="admin-heading">
      <h1 id="admin-heading" className="page-heading">
        {ko.admin.forbidden}
      </h1>
      <p>{ko.admin.forbiddenHint}</p>
      <Link to="/" className="btn btn--primary">
        {ko.admin.goHome}
      </Link>
    </section>
  );
}

type Tab = 'reports' | 'audit';

export function AdminPage() {
  const [tab, setTab] = useState<Tab>('reports');
  const tabsId = useId();
  const tabs: Array<[Tab, string]> = [
    ['reports', ko.admin.tabReports],
    ['audit', ko.admin.tabAudit],
  ];
  return (
    <section className="page admin" aria-labelledby="admin-heading">
      <h1 id="admin-heading" className="page-heading">
        {ko.admin.title}
      </h1>
      <div role="tablist" className="admin__tabs" aria-label={ko.admin.title}>
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${tabsId}-${key}`}
            aria-controls={`${tabsId}-${key}-panel`}
            aria-selected={tab === key}
            className={tab === key ? 'admin__tab admin__tab--on' : 'admin__tab'}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'reports' ? <ReportsTab /> : <AuditTab />}
      </div>
    </section>
  );
}

function ReportsTab() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const query = useInfiniteQuery(adminReportsQuery(status));
  const groups = useMemo(() => pageItems(query.data), [query.data]);
  return (
    <>
      <div className="admin__status" role="group" aria-label={ko.admin.tabReports}>
        {(['open', 'resolved'] as const).map((s) => (
          <button key={s} type="button" className={status === s ? 'btn btn--secondary btn--small' : 'btn btn--ghost btn--small'} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {ko.admin[s]}
          </button>
        ))}
      </div>
      <QueryState query={query} empty={ko.admin.empty} isEmpty={query.isSuccess && groups.length === 0} />
      {groups.length > 0 && (
        <ul className="admin__list">
          {groups.map((g) => (
            <ReportCard key={g.id} group={g} />
          ))}
        </ul>
      )}
      {query.isSuccess && <LoadMore query={query} />}
    </>
  );
}

const SUSPEND_DAYS = ['1', '7', '30', 'forever'] as const;

function ReportCard({ group }: { group: AdminReportGroup }) {
  const resolve = useResolveReport();
  const unsuspend = useUnsuspend();
  const [days, setDays] = useState<(typeof SUSPEND_DAYS)[number]>('7');
  const daysId = useId();
  const { content } = group;
  const authorName = content.author?.name ?? ko.admin.noAuthor;
  const busy = resolve.isPending || unsuspend.isPending;

  // Issue #28 item 1: a dispute of an absence mark is decided by keeping (dismiss) or removing (hide) the mark.
  const dispute = group.targetType === 'attendance';
  // Issue #32 item 1: the author appealed the hiding — 다시 보이기 (dismiss) or 숨김 유지 (hide); they are told either way.
  const appeal = group.appeal !== null && group.status === 'open';
  const act = async (action: 'dismiss' | 'hide' | 'suspend') => {
    const message =
      action === 'dismiss'
        ? dispute
          ? ko.admin.confirmUphold
          : appeal
            ? ko.admin.confirmRestore
            : ko.admin.confirmDismiss
        : action === 'hide'
          ? dispute
            ? ko.admin.confirmRemoveMark
            : appeal
              ? ko.admin.confirmKeepHidden
              : ko.admin.confirmHide
          : days === 'forever'
            ? format(ko.admin.confirmSuspendForever, { name: authorName })
            : format(ko.admin.confirmSuspend, { name: authorName, period: format(ko.admin.periodDays, { n: days }) });
    if (!(await confirmDialog(message))) return;
    try {
      await resolve.mutateAsync({ id: group.id, body: { action, ...(action === 'suspend' && days !== 'forever' ? { days: Number(days) } : {}) } });
      toast.success(ko.admin.done);
    } catch (error) {
      toast.error(errorMessage(error, ko.admin.failed));
    }
  };

  const lift = async (userId: number) => {
    try {
      await unsuspend.mutateAsync(userId);
      toast.success(ko.admin.unsuspended);
    } catch (error) {
      toast.error(errorMessage(error, ko.admin.failed));
    }
  };

  return (
    <li className="card admin-report" data-report-group={`${group.targetType}:${group.targetId}`}>
      <p className="admin-report__meta">
        <span className="pill">{ko.reports.targets[group.targetType]}</span>
        {group.appeal && <span className="pill pill--warn">{ko.admin.appeal}</span>}
        <strong>{format(ko.admin.reporters, { n: group.reporterCount })}</strong>
        <span>{group.reasons.map((r) => ko.reports.reasons[r]).join(', ')}</span>
        <span>{format(ko.admin.latest, { date: when(group.latestAt) })}</span>
        {content.hidden && <span className="pill pill--warn">{ko.admin.hidden}</span>}
        {group.action && <span className="pill">{ko.admin.actionDone[group.action]}</span>}
      </p>
      {!content.exists ? (
        <p className="admin-report__missing">{ko.admin.missing}</p>
      ) : (
        <blockquote className="admin-report__content">
          {content.title && <p className="admin-report__title">{content.title}</p>}
          {content.text && <p className="admin-report__text">{content.text}</p>}
        </blockquote>
      )}
      <p className="admin-report__author">
        {format(ko.admin.author, { name: authorName })}
        {content.matchId !== null && <span> · {format(ko.admin.inChat, { id: content.matchId })}</span>}
        {content.postId !== null && <span> · {format(ko.admin.onPost, { id: content.postId })}</span>}
        {group.targetUser?.suspended && (
          <span className="pill pill--warn">
            {group.targetUser.suspendedUntil ? format(ko.admin.suspendedUntil, { date: when(group.targetUser.suspendedUntil) }) : ko.admin.suspendedNow}
          </span>
        )}
      </p>
      {group.appeal && <p className="admin-report__appeal">{format(ko.admin.appealNote, { note: group.appeal.note })}</p>}
      {group.details.length > 0 && (
        <ul className="admin-report__details">
          {group.details.map((d, i) => (
            <li key={i}>{d}</li>
          ))}
        </ul>
      )}
      <div className="admin-report__actions">
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void act('dismiss')}>
          {dispute ? ko.admin.upholdMark : appeal ? ko.admin.restore : ko.admin.dismiss}
        </button>
        {group.targetType !== 'member' && (
          <button type="button" className="btn btn--secondary btn--small" disabled={busy} onClick={() => void act('hide')}>
            {dispute ? ko.admin.removeMark : appeal ? ko.admin.keepHidden : ko.admin.hide}
          </button>
        )}
        {content.author && !dispute && (
          <>
            <label htmlFor={daysId} className="visually-hidden">
              {ko.admin.days}
            </label>
            <select id={daysId} className="input admin-report__days" value={days} onChange={(e) => setDays(e.target.value as (typeof SUSPEND_DAYS)[number])}>
              {SUSPEND_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 'forever' ? ko.admin.forever : format(ko.admin.daysOption, { n: d })}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn--danger-solid btn--small" disabled={busy} onClick={() => void act('suspend')}>
              {ko.admin.suspend}
            </button>
          </>
        )}
        {group.targetUser?.suspended && (
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void lift(group.targetUser!.id)}>
            {ko.admin.unsuspend}
          </button>
        )}
      </div>
    </li>
  );
}

function AuditTab() {
  const query = useInfiniteQuery(adminAuditQuery());
  const rows = useMemo(() => pageItems(query.data), [query.data]);
  return (
    <>
      <QueryState query={query} empty={ko.admin.auditEmpty} isEmpty={query.isSuccess && rows.length === 0} />
      {rows.length > 0 && (
        <ul className="admin__list admin-audit">
          {rows.map((a) => (
            <li key={a.id} className="admin-audit__row">
              <time dateTime={a.createdAt}>{when(a.createdAt)}</time>
              <strong>{(ko.admin.auditActions as Record<string, string>)[a.action] ?? a.action}</strong>
              <span>{format(ko.admin.auditTarget, { type: (ko.reports.targets as Record<string, string>)[a.targetType] ?? a.targetType, id: a.targetId })}</span>
              <span>{a.admin ? format(ko.admin.auditBy, { name: a.admin.name }) : ko.admin.noAuthor}</span>
              {a.note && <span className="admin-audit__note">{a.note}</span>}
            </li>
          ))}
        </ul>
      )}
      {query.isSuccess && <LoadMore query={query} />}
    </>
  );
}
