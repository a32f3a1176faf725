import { useEffect, useRef, useState } from 'react';
import { ko } from '@/i18n/ko';
import { DEFAULT_CENTER, loadMapProvider, type LatLng, type MapHandle } from '@/lib/maps';

interface LocationPickerProps {
  value: LatLng | null;
  onPick: (position: LatLng) => void;
}

/**
 * "지도에서 위치 선택" (issue #6): a small map; clicking it sets the post's coordinates, so
 * recommendations work without a Kakao geocoder (the embedded default uses Leaflet).
 */
export function LocationPicker({ value, onPick }: LocationPickerProps) {
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });
  const initial = useRef(value ?? DEFAULT_CENTER);

  useEffect(() => {
    let active = true;
    let handle: MapHandle | null = null;
    const el = element.current;
    if (!el) return;
    loadMapProvider()
      .then((p) => p.createMap(el, { center: initial.current, level: 5 }))
      .then((created) => {
        if (!active) return created.destroy();
        handle = created;
        created.onMapClick?.((position) => onPickRef.current(position));
        setMap(created);
      })
      .catch((error: unknown) => {
        console.error('map failed to initialise', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
      handle?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    map.clearMarkers();
    if (value) {
      map.addMarker({ id: 'picked', position: value, label: ko.boardUi.address });
      map.raiseMarker('picked');
    }
  }, [map, value]);

  return (
    <div className="location-picker">
      <p className="field__hint">{ko.boardUi.pickHint}</p>
      <div ref={element} className="location-picker__canvas" data-testid="location-picker-map" />
      {failed && <p role="status">{ko.board.mapMissing}</p>}
    </div>
  );
}
