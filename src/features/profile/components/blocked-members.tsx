import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { QueryState } from '@/components/ui/load-state';
import { LoadMore } from '@/components/ui/load-more';
import { toast } from '@/components/ui/feedback-store';
import { format, ko } from '@/i18n/ko';
import { blocksQuery, useUnblockMember } from '@/shared/api/blocks';

/** "차단한 회원" on the profile page (issue #17 item 4): who the member blocked, each with 차단 해제. */
export function BlockedMembers() {
  const headingId = useId();
  const blocks = useInfiniteQuery(blocksQuery());
  const list = useMemo(() => {
    const seen = new Set<number>();
    return (blocks.data?.pages ?? []).flatMap((p) => p.items).filter((b) => !seen.has(b.user.id) && (seen.add(b.user.id), true));
  }, [blocks.data]);
  const unblock = useUnblockMember();
  const onUnblock = async (id: number, name: string) => {
    try {
      await unblock.mutateAsync(id);
      toast.success(format(ko.blocks.unblocked, { name }));
    } catch {
      toast.error(ko.blocks.failed);
    }
  };
  return (
    <section className="blocked-members" aria-labelledby={headingId}>
      <h2 id={headingId} className="blocked-members__heading">
        {ko.blocks.listTitle}
      </h2>
      <QueryState query={blocks} rows={1} />
      {blocks.isSuccess && list.length === 0 && !blocks.hasNextPage && <p className="field__hint">{ko.blocks.empty}</p>}
      {list.length > 0 && (
        <ul className="blocked-members__list">
          {list.map((b) => (
            <li key={b.user.id} className="blocked-members__item">
              <span>{b.user.name}</span>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={format(ko.blocks.unblockLabel, { name: b.user.name })}
                disabled={unblock.isPending}
                onClick={() => void onUnblock(b.user.id, b.user.name)}
              >
                {ko.blocks.unblock}
              </button>
            </li>
          ))}
        </ul>
      )}
      {blocks.isSuccess && <LoadMore query={blocks} />}
    </section>
  );
}
