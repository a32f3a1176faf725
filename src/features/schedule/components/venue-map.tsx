import type { Venue } from '@common/api/venues';
import { ko } from '@/i18n/ko';
import type { LatLng } from '@/lib/maps';
import { MarkersMap } from '@/components/ui/markers-map';

interface VenueMapProps {
  center: LatLng;
  /** Kakao level (SPEC §9). */
  level: number;
  venues: readonly Venue[];
  selectedId: string | null;
  onSelect: (venue: Venue) => void;
}

/**
 * The map region. The adapter is loaded lazily; while it loads, or when it cannot load, the
 * page keeps working through the venue list (the markers are not the only way to choose).
 */
export function VenueMap({ center, level, venues, selectedId, onSelect }: VenueMapProps) {
  return (
    <MarkersMap
      className="venue-map"
      center={center}
      level={level}
      items={venues}
      markerOf={venueMarker}
      onSelect={onSelect}
      raisedId={selectedId}
      label={ko.schedule.map}
      loadingText={ko.schedule.mapLoading}
      unavailableText={ko.schedule.mapUnavailable}
    />
  );
}

/** A venue's marker: its name at its coordinates (Kakao's `x`/`y` strings); none without a position. */
function venueMarker(v: Venue) {
  const lat = Number(v.y);
  const lng = Number(v.x);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { id: v.id, position: { lat, lng }, label: v.place_name } : null;
}
