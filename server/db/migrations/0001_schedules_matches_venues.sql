CREATE TABLE "match_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"host_reviewed" boolean DEFAULT false NOT NULL,
	"requester_reviewed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"hour" integer NOT NULL,
	"text" text NOT NULL,
	"place_name" text NOT NULL,
	"place_category" text NOT NULL,
	"participants" integer NOT NULL,
	"current_participants" integer DEFAULT 1 NOT NULL,
	"venue_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_hour_range" CHECK ("schedules"."hour" between 0 and 23),
	CONSTRAINT "schedules_capacity_range" CHECK ("schedules"."participants" between 2 and 8),
	CONSTRAINT "schedules_seats" CHECK ("schedules"."current_participants" between 1 and "schedules"."participants")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" text PRIMARY KEY NOT NULL,
	"place_name" text NOT NULL,
	"category_name" text NOT NULL,
	"address_name" text DEFAULT '' NOT NULL,
	"road_address_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"place_url" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_requests_schedule_requester_unique" ON "match_requests" USING btree ("schedule_id","requester_id");--> statement-breakpoint
CREATE INDEX "match_requests_requester_idx" ON "match_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "schedules_date_hour_idx" ON "schedules" USING btree ("date","hour");--> statement-breakpoint
CREATE INDEX "schedules_user_date_idx" ON "schedules" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "venues_lat_lng_idx" ON "venues" USING btree ("latitude","longitude");