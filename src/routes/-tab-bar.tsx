/**
 * The phone's bottom tab bar (issue #31 item 1) with its unread badges: the shell's bar and the
 * notifications' counts, composed here (a feature never imports another). The `-` prefix keeps
 * this file out of the route tree.
 */
import { useTabBadges } from '@/features/notifications/hooks/use-tab-badges';
import { TabBar } from '@/features/shell/components/tab-bar';

export default function MemberTabBar() {
  return <TabBar badges={useTabBadges()} />;
}
