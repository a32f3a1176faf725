import { useEffect, useRef } from 'react';
import { ko } from '@/i18n/ko';
import { DEFAULT_CENTER, type LatLng } from '@/lib/maps';
import { useMap } from '@/lib/maps/use-map';

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
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });
  const { map, failed } = useMap(element, { center: value ?? DEFAULT_CENTER, level: 5 }, (created) =>
    created.onMapClick?.((position) => onPickRef.current(position)),
  );

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
