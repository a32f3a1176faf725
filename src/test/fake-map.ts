/**
 * Leaflet and Kakao Maps do not run in jsdom: tests swap the maps provider for this fake, which
 * records what a page asked of its map (the adapter's pure parts are tested in src/lib/maps):
 *
 *   vi.mock('@/lib/maps', async (importOriginal) => ({
 *     ...(await importOriginal<typeof Maps>()),
 *     loadMapProvider: async () => (await import('@/test/fake-map')).fakeMapProvider,
 *   }));
 *
 * `fakeMap.markers` holds the markers on the map by id (call a marker's `onClick` to tap it),
 * `raised` every raiseMarker call in order, `centres` the first centre and every re-centring.
 */
import type { LatLng, MapProvider, MarkerOptions } from '@/lib/maps';

export const fakeMap = {
  markers: new Map<string, MarkerOptions>(),
  raised: [] as Array<string | null>,
  centres: [] as LatLng[],
  /** Forgets everything (call it in a beforeEach). */
  reset(): void {
    fakeMap.markers.clear();
    fakeMap.raised.length = 0;
    fakeMap.centres.length = 0;
  },
};

export const fakeMapProvider: MapProvider = {
  name: 'leaflet',
  createMap: (_element, { center }) => {
    fakeMap.centres.push(center);
    return Promise.resolve({
      setCenter: (c: LatLng) => void fakeMap.centres.push(c),
      setLevel: () => undefined,
      addMarker: (m: MarkerOptions) => void fakeMap.markers.set(m.id, m),
      removeMarker: (id: string) => void fakeMap.markers.delete(id),
      clearMarkers: () => fakeMap.markers.clear(),
      raiseMarker: (id: string | null) => void fakeMap.raised.push(id),
      destroy: () => fakeMap.markers.clear(),
    });
  },
};
