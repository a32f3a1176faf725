-- Issue #19: a host's received requests and the recommendations read in index order.
-- match_requests.host_id: the schedule's host (schedules.user_id never changes), filled for existing rows.
ALTER TABLE "match_requests" ADD COLUMN "host_id" integer;--> statement-breakpoint
UPDATE "match_requests" SET "host_id" = "schedules"."user_id" FROM "schedules" WHERE "schedules"."id" = "match_requests"."schedule_id";--> statement-breakpoint
ALTER TABLE "match_requests" ALTER COLUMN "host_id" SET NOT NULL;--> statement-breakpoint
-- posts.comment_count: visible comments, kept by the trigger below whoever writes post_comments
-- (the board, report hiding, moderation); posts.points: the recommendation points (RECOMMENDATION_RULE).
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "comment_count" = c.n FROM (SELECT "post_id", count(*)::int AS n FROM "post_comments" WHERE "hidden_at" IS NULL GROUP BY "post_id") c WHERE c."post_id" = "posts"."id";--> statement-breakpoint
CREATE FUNCTION "post_comments_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.hidden_at IS NULL THEN
    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_comments_count" AFTER INSERT OR DELETE OR UPDATE OF "hidden_at", "post_id" ON "post_comments" FOR EACH ROW EXECUTE FUNCTION "post_comments_count"();--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "points" integer GENERATED ALWAYS AS (views + 3 * likes + 2 * comment_count) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_requests_host_created_id_idx" ON "match_requests" USING btree ("host_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_recommendation_idx" ON "posts" USING btree ("points","created_at","id") WHERE "posts"."hidden_at" is null and "posts"."latitude" is not null;
