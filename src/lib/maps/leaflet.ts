/**
 * Leaflet + OpenStreetMap implementation of the maps adapter (the default). Issue #18 item 5:
 * pins that would overlap gather into a numbered cluster (supercluster, recomputed on every move
 * and zoom); a click on a cluster zooms to where it splits. The raised (chosen) pin always shows.
 */
import L from 'leaflet';
import Supercluster from 'supercluster';
import 'leaflet/dist/leaflet.css';
import { ko } from '@/i18n/ko';
import { MARKER_ICON_URL, MARKER_SELECTED_ICON_URL, MARKER_SIZE, type MapHandle, type MapProvider, type MarkerOptions } from './types';
import { leafletZoomForLevel } from './zoom';

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Pixel radius within which pins gather, and the zoom from which every pin shows alone. */
export const CLUSTER_RADIUS_PX = 44;
export const CLUSTER_MAX_ZOOM = 17;

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : 48;
  return L.divIcon({ html: `<span>${count}</span>`, className: 'map-cluster', iconSize: [size, size] });
}

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

    // Clusters: the index is rebuilt once per batch of marker changes, the view on each move.
    const clusterLayer = L.layerGroup().addTo(map);
    let index: Supercluster<{ id: string }> | null = null;
    let rebuildQueued = false;
    let destroyed = false;
    const render = () => {
      clusterLayer.clearLayers();
      const visible = new Set<string>();
      if (index) {
        const bounds = map.getBounds().pad(0.25);
        const zoom = Math.round(map.getZoom());
        for (const feature of index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom)) {
          const [lng, lat] = feature.geometry.coordinates as [number, number];
          const props = feature.properties as { id?: string; cluster?: boolean; cluster_id?: number; point_count?: number };
          if (!props.cluster) {
            if (props.id) visible.add(props.id);
            continue;
          }
          const clusterId = props.cluster_id ?? 0;
          const bubble = L.marker([lat, lng], { icon: clusterIcon(props.point_count ?? 0), keyboard: false });
          bubble.on('click', () => map.setView([lat, lng], Math.min(index?.getClusterExpansionZoom(clusterId) ?? zoom + 2, map.getMaxZoom())));
          bubble.addTo(clusterLayer);
          bubble.getElement()?.setAttribute('aria-hidden', 'true');
        }
      }
      if (raised && markers.has(raised)) visible.add(raised);
      for (const [id, marker] of markers) {
        if (visible.has(id)) {
          if (!map.hasLayer(marker)) {
            marker.addTo(map);
            marker.getElement()?.setAttribute('aria-hidden', 'true');
          }
        } else if (map.hasLayer(marker)) marker.remove();
      }
    };
    const rebuild = () => {
      if (rebuildQueued) return;
      rebuildQueued = true;
      queueMicrotask(() => {
        rebuildQueued = false;
        if (destroyed) return;
        // extent 256: Leaflet's tiles are 256 px, so the radius is in screen pixels (supercluster's default is 512).
        index = new Supercluster<{ id: string }>({ radius: CLUSTER_RADIUS_PX, extent: 256, maxZoom: CLUSTER_MAX_ZOOM });
        index.load(
          [...markers].map(([id, m]) => {
            const p = m.getLatLng();
            return { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] }, properties: { id } };
          }),
        );
        render();
      });
    };
    map.on('moveend', render);

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
        // Shown at once (so a pin never waits for the clustering), then gathered by the rebuild.
        marker.addTo(map);
        marker.getElement()?.setAttribute('aria-hidden', 'true');
        markers.set(id, marker);
        rebuild();
      },
      removeMarker: (id) => {
        const marker = markers.get(id);
        if (!marker) return;
        marker.remove();
        markers.delete(id);
        rebuild();
      },
      clearMarkers: () => {
        for (const m of markers.values()) m.remove();
        markers.clear();
        rebuild();
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
          if (!map.hasLayer(next)) next.addTo(map);
          next.setIcon(selected).setZIndexOffset(1000);
          next.getElement()?.setAttribute('aria-hidden', 'true');
          map.panTo(next.getLatLng());
        }
        render();
      },
      onMapClick: (listener) => {
        map.on('click', (event: L.LeafletMouseEvent) => listener({ lat: event.latlng.lat, lng: event.latlng.lng }));
      },
      destroy: () => {
        resize?.disconnect();
        destroyed = true;
        map.off('moveend', render);
        index = null;
        markers.clear();
        map.remove();
      },
    };
    return Promise.resolve(handle);
  },
};
