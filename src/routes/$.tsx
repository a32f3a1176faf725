import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any other path goes home (SPEC §2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
