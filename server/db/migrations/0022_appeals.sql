ALTER TABLE "reports" ADD COLUMN "kind" text DEFAULT 'report' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('report', 'appeal'));--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_id" integer;
