CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
-- issue #13: repair rows written before the checks existed. Non-finite or out-of-range
-- coordinates (a post or meal without a place on the map is valid), a lone coordinate, an age
-- outside 14-120 are cleared; a catalogue venue without a real position cannot be shown and is removed.
UPDATE "posts" SET "latitude" = NULL, "longitude" = NULL WHERE NOT ("latitude" between -90 and 90 and "longitude" between -180 and 180) OR ("latitude" is null) <> ("longitude" is null);--> statement-breakpoint
UPDATE "schedules" SET "latitude" = NULL, "longitude" = NULL WHERE NOT ("latitude" between -90 and 90 and "longitude" between -180 and 180) OR ("latitude" is null) <> ("longitude" is null);--> statement-breakpoint
UPDATE "users" SET "age" = NULL WHERE NOT ("age" between 14 and 120);--> statement-breakpoint
DELETE FROM "venues" WHERE NOT ("latitude" between -90 and 90 and "longitude" between -180 and 180);--> statement-breakpoint
-- Uploads stored before this table: profile pictures belong to their member, images in posts to the post's author.
INSERT INTO "uploads" ("name", "owner_id") SELECT DISTINCT ON (substr("profile_image", 10)) substr("profile_image", 10), "id" FROM "users" WHERE "profile_image" ~ '^/uploads/[a-z0-9]{8,64}\.(webp|png|jpg|gif|avif)$' ORDER BY substr("profile_image", 10), "id" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "uploads" ("name", "owner_id") SELECT DISTINCT ON (m[1]) m[1], p."author_id" FROM "posts" p, regexp_matches(p."content", '/uploads/([a-z0-9]{8,64}\.(?:webp|png|jpg|gif|avif))', 'g') AS m ORDER BY m[1], p."id" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_coordinates" CHECK ("posts"."latitude" between -90 and 90 and "posts"."longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_coordinates_pair" CHECK (("posts"."latitude" is null) = ("posts"."longitude" is null));--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_coordinates" CHECK ("schedules"."latitude" between -90 and 90 and "schedules"."longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_coordinates_pair" CHECK (("schedules"."latitude" is null) = ("schedules"."longitude" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_age_range" CHECK ("users"."age" is null or "users"."age" between 14 and 120);--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_coordinates" CHECK ("venues"."latitude" between -90 and 90 and "venues"."longitude" between -180 and 180);