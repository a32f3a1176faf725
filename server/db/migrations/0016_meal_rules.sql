-- Issue #28: fair rules for the meal. A member may ask again after their own withdrawal or cancellation (one open request per member per meal instead of one ever); when each side's attendance report was set (the dispute window of an absence mark); when a seated request's meal moved; the notification outbox (stored unpublished in the change's transaction, published after commit).
DROP INDEX "match_requests_schedule_requester_unique";--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "host_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "requester_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "schedule_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Every notification stored before the outbox was published when it was stored.
UPDATE "notifications" SET "published_at" = "created_at";--> statement-breakpoint
-- Existing reports: their time is the last change of the request (the best record there is).
UPDATE "match_requests" SET "host_reported_at" = "updated_at" WHERE "host_reports_attended" IS NOT NULL;--> statement-breakpoint
UPDATE "match_requests" SET "requester_reported_at" = "updated_at" WHERE "requester_reports_attended" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "match_requests_schedule_requester_open_unique" ON "match_requests" USING btree ("schedule_id","requester_id") WHERE status in ('PENDING', 'ACCEPTED', 'CONFIRMED');--> statement-breakpoint
CREATE INDEX "match_requests_schedule_requester_idx" ON "match_requests" USING btree ("schedule_id","requester_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unpublished_idx" ON "notifications" USING btree ("id") WHERE "notifications"."published_at" is null;