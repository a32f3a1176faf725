/**
 * Kakao Maps JavaScript SDK implementation of the maps adapter, used when
 * `VITE_KAKAO_MAP_KEY` is set. The SDK script is loaded on demand, once.
 */
import { MARKER_ICON_URL, MARKER_SELECTED_ICON_URL, MARKER_SIZE, type LatLng, type MapHandle, type MapProvider } from './types';

/** The small part of the SDK we use. */
interface KakaoLatLng {
  getLat(): number;
  getLng(): number;
}
interface KakaoMap {
  setCenter(latlng: KakaoLatLng): void;
  panTo(latlng: KakaoLatLng): void;
  setLevel(level: number): void;
}
interface KakaoMarker {
  setMap(map: KakaoMap | null): void;
  setImage(image: unknown): void;
  setZIndex(z: number): void;
  getPosition(): KakaoLatLng;
}
interface KakaoMaps {
  load(callback: () => void): void;
  LatLng: new (lat: number, lng: number) => KakaoLatLng;
  Map: new (element: HTMLElement, options: { center: KakaoLatLng; level: number }) => KakaoMap;
  Marker: new (options: { position: KakaoLatLng; image?: unknown; title?: string; clickable?: boolean }) => KakaoMarker;
  MarkerImage: new (src: string, size: unknown) => unknown;
  Size: new (width: number, height: number) => unknown;
  event: { addListener(target: unknown, type: string, handler: () => void): void };
  /** The clusterer library (`libraries=clusterer`, issue #18 item 5). */
  MarkerClusterer?: new (options: { map: KakaoMap; averageCenter: boolean; minLevel: number; disableClickZoom?: boolean }) => KakaoClusterer;
}
interface KakaoClusterer {
  addMarker(marker: KakaoMarker): void;
  removeMarker(marker: KakaoMarker): void;
  clear(): void;
}
declare global {
  interface Window {
    kakao?: { maps: KakaoMaps };
  }
}

let sdk: Promise<KakaoMaps> | null = null;

function loadSdk(appKey: string): Promise<KakaoMaps> {
  sdk ??= new Promise<KakaoMaps>((resolve, reject) => {
    const ready = () => {
      const maps = window.kakao?.maps;
      if (!maps) return reject(new Error('Kakao Maps SDK is missing'));
      maps.load(() => resolve(maps));
    };
    if (window.kakao?.maps) return ready();
    const script = document.createElement('script');
    script.src = `https://dapi.kakao.com/v2/maps/sdk.js?appkey=${encodeURIComponent(appKey)}&autoload=false&libraries=services,clusterer`;
    script.async = true;
    script.onload = ready;
    script.onerror = () => reject(new Error('Kakao Maps SDK failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    sdk = null;
    throw error;
  });
  return sdk;
}

export function createKakaoProvider(appKey: string): MapProvider {
  return {
    name: 'kakao',
    async createMap(element, { center, level }) {
      const maps = await loadSdk(appKey);
      const toLatLng = (p: LatLng) => new maps.LatLng(p.lat, p.lng);
      const map = new maps.Map(element, { center: toLatLng(center), level });
      const size = new maps.Size(MARKER_SIZE, MARKER_SIZE);
      const normal = new maps.MarkerImage(MARKER_ICON_URL, size);
      const selected = new maps.MarkerImage(MARKER_SELECTED_ICON_URL, size);
      const markers = new Map<string, KakaoMarker>();
      let raised: string | null = null;
      // Issue #18 item 5: overlapping pins gather into Kakao's clusters (a click zooms in) from level 4 up.
      const clusterer = maps.MarkerClusterer ? new maps.MarkerClusterer({ map, averageCenter: true, minLevel: 4 }) : null;
      const show = (marker: KakaoMarker) => (clusterer ? clusterer.addMarker(marker) : marker.setMap(map));
      const hide = (marker: KakaoMarker) => (clusterer ? clusterer.removeMarker(marker) : marker.setMap(null));

      const handle: MapHandle = {
        setCenter: (c, lvl) => {
          if (lvl !== undefined) map.setLevel(lvl);
          map.setCenter(toLatLng(c));
        },
        setLevel: (lvl) => map.setLevel(lvl),
        addMarker: ({ id, position, label, onClick }) => {
          handle.removeMarker(id);
          const marker = new maps.Marker({ position: toLatLng(position), image: id === raised ? selected : normal, title: label, clickable: Boolean(onClick) });
          if (id === raised) marker.setZIndex(10);
          if (onClick) maps.event.addListener(marker, 'click', onClick);
          show(marker);
          markers.set(id, marker);
        },
        removeMarker: (id) => {
          const marker = markers.get(id);
          if (marker) hide(marker);
          markers.delete(id);
        },
        clearMarkers: () => {
          if (clusterer) clusterer.clear();
          else for (const m of markers.values()) m.setMap(null);
          markers.clear();
        },
        raiseMarker: (id) => {
          if (raised) {
            markers.get(raised)?.setImage(normal);
            markers.get(raised)?.setZIndex(0);
          }
          raised = id;
          const next = id ? markers.get(id) : undefined;
          if (next) {
            next.setImage(selected);
            next.setZIndex(10);
            map.panTo(next.getPosition());
          }
        },
        destroy: () => {
          handle.clearMarkers();
          element.replaceChildren();
        },
      };
      return handle;
    },
  };
}

interface KakaoGeocoder {
  addressSearch(address: string, callback: (result: Array<{ x: string; y: string }>, status: string) => void): void;
}

/**
 * Turns an address into coordinates with the Kakao geocoder (board address search, issue #6).
 * Answers null when the address is not found; rejects when the SDK cannot load.
 */
export async function kakaoGeocode(appKey: string, address: string): Promise<LatLng | null> {
  const maps = await loadSdk(appKey);
  const services = (maps as unknown as { services?: { Geocoder: new () => KakaoGeocoder; Status: { OK: string } } }).services;
  if (!services) throw new Error('Kakao services library is missing');
  return new Promise((resolve) => {
    new services.Geocoder().addressSearch(address, (result, status) => {
      const first = result[0];
      if (status !== services.Status.OK || !first) return resolve(null);
      const lat = Number(first.y);
      const lng = Number(first.x);
      resolve(Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null);
    });
  });
}
