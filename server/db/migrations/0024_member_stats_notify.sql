-- Issue #33 item 5: every write that can change a member's reliability figures (mealCount,
-- noShowCount, lateCancelCount; server/modules/meals/public.ts `memberStats`) names the members on
-- channel `member_stats`, whoever the writer (matches, attendance, reminders, reports, moderation,
-- account deletion's cascades), so each app instance's cache of the figures drops them. pg_notify
-- is transactional: listeners hear it when the writer commits, never for a rollback, and
-- identical payloads of one transaction arrive once. Payload: member ids separated by commas, or
-- '*' (drop every member) should a list ever outgrow pg_notify's 8000 bytes.
CREATE FUNCTION "member_stats_notify"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text := array_to_string(ARRAY(SELECT DISTINCT i FROM unnest(ids) AS i WHERE i IS NOT NULL ORDER BY i), ',');
BEGIN
  IF payload = '' THEN
    RETURN;
  END IF;
  PERFORM pg_notify('member_stats', CASE WHEN octet_length(payload) > 7000 THEN '*' ELSE payload END);
END
$$;--> statement-breakpoint
-- match_members: a row's facts (arrival, the mark about the partner, a late cancellation) count for
-- its member and its partner (the partner's meal needs both arrivals).
CREATE FUNCTION "member_stats_match_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM member_stats_notify(ARRAY[NEW.user_id, NEW.partner_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM member_stats_notify(ARRAY[OLD.user_id, OLD.partner_id]);
  ELSE
    PERFORM member_stats_notify(ARRAY[OLD.user_id, OLD.partner_id, NEW.user_id, NEW.partner_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_stats" AFTER INSERT OR DELETE OR UPDATE OF "match_id", "schedule_id", "user_id", "partner_id", "role", "arrived_at", "partner_attended", "late_cancel" ON "match_members" FOR EACH ROW EXECUTE FUNCTION "member_stats_match_members"();--> statement-breakpoint
-- match_requests: whether the match is CONFIRMED (meals) and when it was cancelled (late
-- cancellations in the window) count for both of its members. Deleting a request deletes its
-- match_members rows, whose trigger names them.
CREATE FUNCTION "member_stats_match_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_stats_notify(ARRAY[OLD.requester_id, OLD.host_id, NEW.requester_id, NEW.host_id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_stats" AFTER UPDATE OF "status", "cancelled_at", "requester_id", "host_id" ON "match_requests" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.requester_id <> NEW.requester_id OR OLD.host_id <> NEW.host_id) EXECUTE FUNCTION "member_stats_match_requests"();--> statement-breakpoint
-- schedules: a meal moved in time moves its absence marks in or out of the 180-day window, for
-- every member of its matches (read through match_requests' schedule index).
CREATE FUNCTION "member_stats_schedules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_stats_notify(ARRAY(SELECT unnest(ARRAY[mr.requester_id, mr.host_id]) FROM match_requests mr WHERE mr.schedule_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_stats" AFTER UPDATE OF "date", "hour" ON "schedules" FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at) EXECUTE FUNCTION "member_stats_schedules"();--> statement-breakpoint
-- reports on attendance: a dispute (its reporter is the accused member) suspends the absence mark
-- until an admin upholds it, so opening, resolving or removing one changes the reporter's figures.
CREATE FUNCTION "member_stats_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.target_type = 'attendance' THEN
    PERFORM member_stats_notify(ARRAY[OLD.reporter_id]);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.target_type = 'attendance' THEN
    PERFORM member_stats_notify(ARRAY[NEW.reporter_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_stats" AFTER INSERT OR DELETE OR UPDATE OF "target_type", "target_id", "reporter_id", "status", "action" ON "reports" FOR EACH ROW EXECUTE FUNCTION "member_stats_reports"();
