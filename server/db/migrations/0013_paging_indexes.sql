-- Issue #19: indexes that serve the keyset pages (sort key + id) of the board, the day list, my schedules, received reviews and sent requests.
DROP INDEX "match_requests_requester_idx";--> statement-breakpoint
DROP INDEX "posts_created_idx";--> statement-breakpoint
DROP INDEX "reviews_reviewee_created_idx";--> statement-breakpoint
DROP INDEX "schedules_date_hour_idx";--> statement-breakpoint
DROP INDEX "schedules_user_date_idx";--> statement-breakpoint
CREATE INDEX "match_requests_requester_created_id_idx" ON "match_requests" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_created_id_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_created_id_idx" ON "reviews" USING btree ("reviewee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "schedules_date_hour_id_idx" ON "schedules" USING btree ("date","hour","id");--> statement-breakpoint
CREATE INDEX "schedules_user_date_hour_id_idx" ON "schedules" USING btree ("user_id","date","hour","id");