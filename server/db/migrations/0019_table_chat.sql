-- Issue #30: the table chat (members, messages with kind text|system) and each member's read position and mute per conversation (1:1 'match' and 'table'). Existing seated guests and their hosts become members of their meal's table.
CREATE TABLE "chat_states" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "chat_states_user_id_kind_conversation_id_pk" PRIMARY KEY("user_id","kind","conversation_id"),
	CONSTRAINT "chat_states_kind_values" CHECK ("chat_states"."kind" in ('match', 'table'))
);
--> statement-breakpoint
CREATE TABLE "table_members" (
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "table_members_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id"),
	CONSTRAINT "table_members_role_values" CHECK ("table_members"."role" in ('host', 'guest'))
);
--> statement-breakpoint
CREATE TABLE "table_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "table_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"sender_id" integer,
	"kind" text DEFAULT 'text' NOT NULL,
	"content" text NOT NULL,
	"client_id" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_messages_kind_values" CHECK ("table_messages"."kind" in ('text', 'system')),
	CONSTRAINT "table_messages_content_length" CHECK (char_length("table_messages"."content") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "chat_states" ADD CONSTRAINT "chat_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_members" ADD CONSTRAINT "table_members_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_members" ADD CONSTRAINT "table_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_messages" ADD CONSTRAINT "table_messages_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_messages" ADD CONSTRAINT "table_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_states_conversation_idx" ON "chat_states" USING btree ("kind","conversation_id");--> statement-breakpoint
CREATE INDEX "table_members_user_idx" ON "table_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "table_messages_schedule_id_idx" ON "table_messages" USING btree ("schedule_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_messages_sender_client_id_unique" ON "table_messages" USING btree ("sender_id","client_id") WHERE "table_messages"."client_id" is not null;--> statement-breakpoint
INSERT INTO "table_members" ("schedule_id", "user_id", "role", "joined_at") SELECT DISTINCT ON (mr.schedule_id, mr.requester_id) mr.schedule_id, mr.requester_id, 'guest', mr.updated_at FROM "match_requests" mr JOIN "schedules" s ON s.id = mr.schedule_id WHERE mr.status IN ('ACCEPTED', 'CONFIRMED') AND s.cancelled_at IS NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "table_members" ("schedule_id", "user_id", "role", "joined_at") SELECT s.id, s.user_id, 'host', s.created_at FROM "schedules" s WHERE EXISTS (SELECT 1 FROM "table_members" tm WHERE tm.schedule_id = s.id) ON CONFLICT DO NOTHING;
