/** Leaflet + OpenStreetMap implementation of the maps adapter (the default). */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { ko } from '@/i18n/ko';
import { MARKER_ICON_URL, MARKER_SELECTED_ICON_URL, MARKER_SIZE, type MapHandle, type MapProvider, type MarkerOptions } from './types';
import { leafletZoomForLevel } from './zoom';

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function icon(url: string): L.Icon {
  return L.icon({
    iconUrl: url,
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE],
    tooltipAnchor: [0, -MARKER_SIZE],
  });
}

export const leafletProvider: MapProvider = {
  name: 'leaflet',
  createMap(element, { center, level }) {
    const map = L.map(element, {
      center: [center.lat, center.lng],
      zoom: leafletZoomForLevel(level),
      zoomControl: false,
      attributionControl: true,
    });
    L.control.zoom({ zoomInTitle: ko.schedule.zoomIn, zoomOutTitle: ko.schedule.zoomOut }).addTo(map);
    map.attributionControl.setPrefix(false);
    // Tiles are decoration: when none load (offline, tests) markers and the list still work.
    L.tileLayer(TILE_URL, { attribution: ATTRIBUTION, maxZoom: 19, crossOrigin: true }).addTo(map);

    // The container's size follows the page layout (grid rows, dialogs, rotation).
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    resize?.observe(element);

    const normal = icon(MARKER_ICON_URL);
    const selected = icon(MARKER_SELECTED_ICON_URL);
    const markers = new Map<string, L.Marker>();
    let raised: string | null = null;

    const handle: MapHandle = {
      setCenter: (c, lvl) => {
        if (lvl === undefined) map.panTo([c.lat, c.lng]);
        else map.setView([c.lat, c.lng], leafletZoomForLevel(lvl));
      },
      setLevel: (lvl) => map.setZoom(leafletZoomForLevel(lvl)),
      addMarker: ({ id, position, label, onClick }: MarkerOptions) => {
        handle.removeMarker(id);
        // Not keyboard-focusable and hidden from assistive technology: the venue list beside
        // the map is the accessible way to pick the same venues.
        const marker = L.marker([position.lat, position.lng], { icon: id === raised ? selected : normal, keyboard: false, title: label, alt: '' });
        if (id === raised) marker.setZIndexOffset(1000);
        if (onClick) marker.on('click', onClick);
        // A string tooltip would be parsed as HTML: labels are user text (post titles), so pass a text node.
        const tip = document.createElement('span');
        tip.textContent = label;
        marker.bindTooltip(tip, { direction: 'top' });
        marker.addTo(map);
        marker.getElement()?.setAttribute('aria-hidden', 'true');
        markers.set(id, marker);
      },
      removeMarker: (id) => {
        markers.get(id)?.remove();
        markers.delete(id);
      },
      clearMarkers: () => {
        for (const m of markers.values()) m.remove();
        markers.clear();
      },
      raiseMarker: (id) => {
        if (raised) {
          const previous = markers.get(raised);
          previous?.setIcon(normal).setZIndexOffset(0);
          previous?.getElement()?.setAttribute('aria-hidden', 'true');
        }
        raised = id;
        const next = id ? markers.get(id) : undefined;
        if (next) {
          next.setIcon(selected).setZIndexOffset(1000);
          next.getElement()?.setAttribute('aria-hidden', 'true');
          map.panTo(next.getLatLng());
        }
      },
      onMapClick: (listener) => {
        map.on('click', (event: L.LeafletMouseEvent) => listener({ lat: event.latlng.lat, lng: event.latlng.lng }));
      },
      destroy: () => {
        resize?.disconnect();
        markers.clear();
        map.remove();
      },
    };
    return Promise.resolve(handle);
  },
};
