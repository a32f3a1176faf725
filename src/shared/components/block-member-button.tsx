import { format, ko } from '@/i18n/ko';
import { useBlockMember } from '@/shared/api/blocks';
import { confirmDialog, toast } from '@/components/ui/feedback-store';

interface BlockMemberButtonProps {
  userId: number;
  name: string;
  /** After a successful block (e.g. close the dialog, leave the chat). */
  onBlocked?: () => void;
  className?: string;
  /** The accessible name when several members' buttons share a screen (e.g. "민지 차단하기" on comments). */
  label?: string;
}

/**
 * "차단하기" (issue #17 item 4): asks first (the in-app confirm), then blocks; the button cannot be
 * pressed twice while the request runs. Every screen showing the member's things refreshes.
 */
export function BlockMemberButton({ userId, name, onBlocked, className = 'btn btn--ghost btn--danger', label }: BlockMemberButtonProps) {
  const block = useBlockMember();
  const onClick = async () => {
    if (!(await confirmDialog(format(ko.blocks.confirm, { name })))) return;
    try {
      await block.mutateAsync(userId);
      toast.success(format(ko.blocks.blocked, { name }));
      onBlocked?.();
    } catch {
      toast.error(ko.blocks.failed);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void onClick()} disabled={block.isPending} aria-busy={block.isPending} aria-label={label}>
      {ko.blocks.block}
    </button>
  );
}
