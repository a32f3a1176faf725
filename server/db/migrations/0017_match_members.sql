-- Issue #28 item 8: one row per member per match (role host | guest) replaces the mirrored host/requester column pairs of match_requests; each existing request gets its two rows from its pairs (the late flag goes to the side named by cancelled_by), then the pairs and their partial indexes go.
CREATE TABLE "match_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"role" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"arrived_at" timestamp with time zone,
	"partner_attended" boolean,
	"reported_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"late_cancel" boolean DEFAULT false NOT NULL,
	CONSTRAINT "match_members_role_values" CHECK ("match_members"."role" in ('host', 'guest'))
);
--> statement-breakpoint
DROP INDEX "match_requests_meal_host_idx";--> statement-breakpoint
DROP INDEX "match_requests_meal_requester_idx";--> statement-breakpoint
DROP INDEX "match_requests_absent_requester_idx";--> statement-breakpoint
DROP INDEX "match_requests_absent_host_idx";--> statement-breakpoint
DROP INDEX "match_requests_late_host_idx";--> statement-breakpoint
DROP INDEX "match_requests_late_requester_idx";--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_match_id_match_requests_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_members_match_role_unique" ON "match_members" USING btree ("match_id","role");--> statement-breakpoint
CREATE INDEX "match_members_user_match_idx" ON "match_members" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "match_members_arrived_idx" ON "match_members" USING btree ("user_id","schedule_id") WHERE arrived_at is not null;--> statement-breakpoint
CREATE INDEX "match_members_present_idx" ON "match_members" USING btree ("partner_id","schedule_id") WHERE partner_attended;--> statement-breakpoint
CREATE INDEX "match_members_absent_idx" ON "match_members" USING btree ("partner_id") WHERE partner_attended is false;--> statement-breakpoint
CREATE INDEX "match_members_late_idx" ON "match_members" USING btree ("user_id") WHERE late_cancel;--> statement-breakpoint
INSERT INTO "match_members" ("match_id", "schedule_id", "user_id", "partner_id", "role", "hidden", "reviewed", "arrived_at", "partner_attended", "reported_at", "reminded_at", "late_cancel")
SELECT "id", "schedule_id", "host_id", "requester_id", 'host', "host_hidden", "host_reviewed", "host_arrived_at", "host_reports_attended", "host_reported_at", "host_reminded_at", "late_cancel" AND "cancelled_by" IS NOT DISTINCT FROM 'host' FROM "match_requests";--> statement-breakpoint
INSERT INTO "match_members" ("match_id", "schedule_id", "user_id", "partner_id", "role", "hidden", "reviewed", "arrived_at", "partner_attended", "reported_at", "reminded_at", "late_cancel")
SELECT "id", "schedule_id", "requester_id", "host_id", 'guest', "requester_hidden", "requester_reviewed", "requester_arrived_at", "requester_reports_attended", "requester_reported_at", "requester_reminded_at", "late_cancel" AND "cancelled_by" IS NOT DISTINCT FROM 'requester' FROM "match_requests";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "host_reviewed";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "requester_reviewed";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "late_cancel";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "host_hidden";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "requester_hidden";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "host_arrived_at";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "requester_arrived_at";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "host_reports_attended";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "requester_reports_attended";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "host_reminded_at";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "requester_reminded_at";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "host_reported_at";--> statement-breakpoint
ALTER TABLE "match_requests" DROP COLUMN "requester_reported_at";