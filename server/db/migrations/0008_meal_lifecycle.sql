ALTER TABLE "match_requests" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "late_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "waitlisted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "host_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "requester_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "host_arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "requester_arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "host_reports_attended" boolean;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "requester_reports_attended" boolean;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "host_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_requests" ADD COLUMN "requester_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "starts_at" timestamp with time zone GENERATED ALWAYS AS ((date + make_interval(hours => hour)) at time zone 'Asia/Seoul') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "match_requests_status_idx" ON "match_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "schedules_starts_at_idx" ON "schedules" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_status_values" CHECK ("match_requests"."status" in ('PENDING', 'ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_cancelled_by_values" CHECK ("match_requests"."cancelled_by" is null or "match_requests"."cancelled_by" in ('host', 'requester'));--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_cancel_reason_length" CHECK ("match_requests"."cancel_reason" is null or char_length("match_requests"."cancel_reason") <= 200);--> statement-breakpoint
-- issue #15: a member's average and review count take each reviewer once (their latest review of
-- that member; reviews the reviewee deleted still count, as before).
UPDATE "users" SET "review_count" = a.n, "rating_sum" = a.s FROM (SELECT "reviewee_id", count(*)::int AS n, sum("rating")::int AS s FROM (SELECT DISTINCT ON ("reviewee_id", "reviewer_id") "reviewee_id", "rating" FROM "reviews" ORDER BY "reviewee_id", "reviewer_id", "created_at" DESC, "id" DESC) latest GROUP BY "reviewee_id") a WHERE "users"."id" = a."reviewee_id";
