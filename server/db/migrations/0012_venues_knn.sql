-- issue #19 item 4: venues nearest-first in SQL. `cube` and `earthdistance` are trusted extensions
-- (PostgreSQL 13+: a database owner may create them) and bundled with PGlite (loaded in
-- server/plugins/db.ts). The GiST index on ll_to_earth serves the `<->` (KNN) ordering of
-- GET /api/venues (nearest first, LIMIT in SQL); it replaces the b-tree on (latitude, longitude).
-- Partial on the coordinates CHECK: the predicate is tested before ll_to_earth, which raises on the
-- non-finite rows 0007 deleted when both run in one transaction.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
DROP INDEX "venues_lat_lng_idx";--> statement-breakpoint
CREATE INDEX "venues_earth_idx" ON "venues" USING gist (ll_to_earth(latitude, longitude)) WHERE latitude between -90 and 90 and longitude between -180 and 180;
