/**
 * What the board module offers other modules (one writer per table: `posts`, `post_likes`,
 * `post_views` and `post_comments` are written only here and in ./service.ts).
 */
import { eq } from 'drizzle-orm';
import { postViews } from '../../db/schema.ts';
import type { Database, Tx } from '../../db/database.ts';

/**
 * Account deletion (issue #32 item 6): forgets which posts member `userId` viewed (`post_views`
 * only throttles the view count; the posts' counts stay as they are). Their posts, comments and
 * likes stay, like the rest of what others read (README "Account deletion"). Called inside the
 * deletion's transaction (server/modules/users/account.ts).
 */
export async function forgetViewsOf(tx: Tx | Database, userId: number): Promise<void> {
  await tx.delete(postViews).where(eq(postViews.userId, userId));
}
