/**
 * The chat header (issue #30 item 5): back, the title and the meal, the faces, and a ⋯ menu with
 * 약속 보기, 나가기 (the caller asks first, saying what leaving does), 신고하기 and — in a 1:1 —
 * 차단하기 or 차단 해제 as the member's real block list says (`GET /api/blocks`).
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ReportTargetType } from '@common/api/reports';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { ReportDialog } from '@/shared/components/report-dialog-content';
import { format, ko } from '@/i18n/ko';
import { blocksQuery, useBlockMember, useUnblockMember } from '@/shared/api/blocks';

interface ChatHeaderProps {
  title: string;
  /** The meal: "국밥집 · 11월 24일 (화) 오후 6시 · 수락됨". */
  subtitle?: string;
  /** Figures or other small print under the meal. */
  extra?: ReactNode;
  faces?: ReactNode;
  onBack: () => void;
  onViewMeal: () => void;
  /** Absent: no 나가기 (e.g. the host of a table). */
  onLeave?: () => void;
  report?: { targetType: ReportTargetType; targetId: number };
  /** A 1:1 partner: 차단하기 / 차단 해제. */
  partner?: { id: number; name: string } | null;
}

export function ChatHeader({ title, subtitle, extra, faces, onBack, onViewMeal, onLeave, report, partner }: ChatHeaderProps) {
  const [reporting, setReporting] = useState(false);
  const blocks = useInfiniteQuery({ ...blocksQuery(), enabled: Boolean(partner) });
  const blocked = Boolean(partner && blocks.data?.pages.some((p) => p.items.some((b) => b.user.id === partner.id)));
  const block = useBlockMember();
  const unblock = useUnblockMember();

  async function toggleBlock() {
    if (!partner) return;
    if (blocked) {
      await unblock.mutateAsync(partner.id).then(
        () => toast.success(format(ko.blocks.unblocked, { name: partner.name })),
        () => toast.error(ko.app.genericError),
      );
      return;
    }
    if (!(await confirmDialog(format(ko.blocks.confirm, { name: partner.name }), { danger: true, confirmLabel: ko.blocks.block }))) return;
    await block.mutateAsync(partner.id).then(
      () => toast.success(format(ko.blocks.blocked, { name: partner.name })),
      () => toast.error(ko.blocks.failed),
    );
  }

  return (
    <header className="chat__header">
      <button type="button" className="chat__back" aria-label={ko.chatView.back} onClick={onBack}>
        <span aria-hidden="true">‹</span>
      </button>
      <div className="chat__who">
        <h1 id="chat-heading" className="page-heading chat__title">
          {title}
        </h1>
        {subtitle && (
          <p className="chat__meal" aria-label={`${ko.chatView.meal}: ${subtitle}`}>
            {subtitle}
          </p>
        )}
        {extra}
      </div>
      {faces}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="chat__menu-button" aria-label={ko.chatView.menu}>
          <span aria-hidden="true">⋯</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Item className="menu__item" onSelect={onViewMeal}>
              {ko.chatView.viewMeal}
            </DropdownMenu.Item>
            {report && (
              <DropdownMenu.Item className="menu__item" onSelect={() => setReporting(true)}>
                {ko.chatView.report}
              </DropdownMenu.Item>
            )}
            {partner && (
              <DropdownMenu.Item className="menu__item" disabled={block.isPending || unblock.isPending} onSelect={() => void toggleBlock()}>
                {blocked ? ko.blocks.unblock : ko.blocks.block}
              </DropdownMenu.Item>
            )}
            {onLeave && (
              <>
                <DropdownMenu.Separator className="menu__separator" />
                <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={onLeave}>
                  {ko.chat.leave}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {report && <ReportDialog open={reporting} onOpenChange={setReporting} targetType={report.targetType} targetId={report.targetId} />}
    </header>
  );
}
