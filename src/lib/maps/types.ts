/**
 * The maps adapter (DESIGN.md "Maps"): the little the pages need from a map, so Kakao Maps and
 * Leaflet + OpenStreetMap are interchangeable. Zoom is expressed in Kakao levels (SPEC §9);
 * the Leaflet implementation converts them with `leafletZoomForLevel`.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

export interface MarkerOptions {
  /** Unique per map (e.g. the venue id). */
  id: string;
  position: LatLng;
  /** Shown as the marker's tooltip. */
  label: string;
  onClick?: () => void;
}

export interface MapHandle {
  /** Re-centres the map; with `level` also zooms (Kakao level, 1 = closest). */
  setCenter(center: LatLng, level?: number): void;
  setLevel(level: number): void;
  addMarker(options: MarkerOptions): void;
  removeMarker(id: string): void;
  /** Removes every marker. */
  clearMarkers(): void;
  /** Draws one marker as chosen and above the others; null un-raises all. */
  raiseMarker(id: string | null): void;
  /** Calls `listener` with the clicked position (Leaflet only; picking a post's location, issue #6). */
  onMapClick?(listener: (position: LatLng) => void): void;
  destroy(): void;
}

export interface MapProvider {
  readonly name: 'leaflet' | 'kakao';
  createMap(element: HTMLElement, options: { center: LatLng; level: number }): Promise<MapHandle>;
}

/** SPEC §9: central Seoul, also used when geolocation is denied. */
export const DEFAULT_CENTER: LatLng = { lat: 37.5665, lng: 126.978 };
/** SPEC §9: the marker icon is 36 × 36 px. */
export const MARKER_SIZE = 36;
export const MARKER_ICON_URL = '/markers/venue.svg';
export const MARKER_SELECTED_ICON_URL = '/markers/venue-selected.svg';
