/**
 * What a write makes stale, declared with the write (issue #29 item 2). Each mutation hook module
 * (`use-<operation>.ts`) exports its `invalidates` list of query roots (`./keys.ts`) and builds its
 * hook with `useWrite`, which invalidates them once the write settles. The same declarations feed
 * the outbox replay (an entry carries the `invalidates` of the write that queued it) and the live
 * notification table (src/shared/query/invalidation.ts: a notification is someone else's write).
 */
import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { queryRoots, type QueryRoot } from './keys';

/** The query roots a write makes stale (every variant below a root is reached by prefix). */
export type Invalidates = readonly QueryRoot[];

/**
 * The keys for `roots`; `chat` and `match` narrow to one match when `matchId` is known
 * (`['chat', id]`, `['matches', 'one', id]`).
 */
export function keysFor(roots: Invalidates, matchId?: number): readonly (readonly unknown[])[] {
  return roots.map((root) => ((root === 'chat' || root === 'match') && typeof matchId === 'number' ? [...queryRoots[root], matchId] : queryRoots[root]));
}

/** Invalidates `roots` (narrowed to `matchId` where it applies); resolves when the active ones refetched. */
export function invalidateRoots(client: QueryClient, roots: Invalidates, matchId?: number): Promise<unknown> {
  return Promise.all(keysFor(roots, matchId).map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** A write's declaration: its call and what it changes. */
export interface Write<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  invalidates: Invalidates;
  /** Skip the invalidation for some answers (e.g. a write only queued offline: its replay invalidates). */
  skipInvalidation?: (data: TData | undefined) => boolean;
}

/**
 * `useMutation` for `write` whose settling invalidates `write.invalidates` (awaited, so a screen's
 * `mutateAsync` resolves once the lists are fresh). `options` add the screen's own toasts.
 */
export function useWrite<TData, TVariables = void>(
  write: Write<TData, TVariables>,
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn' | 'onSettled'> = {},
) {
  const client = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: write.mutationFn,
    onSettled: (data) => (write.skipInvalidation?.(data) ? undefined : invalidateRoots(client, write.invalidates)),
  });
}
