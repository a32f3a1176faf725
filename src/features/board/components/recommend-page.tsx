/**
 * The recommendation screen `/restaurant-rec` (SPEC §2, §4 "Recommendation map", §8, §9; issue #6):
 * the map (maps adapter: Kakao with a key, otherwise Leaflet + OSM) centred on the default
 * location then on the member's position; one 36×36 marker per recommended post; a carousel whose
 * index wraps at both ends and whose selection pans to and raises its marker; the detail dialog.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Post } from '@common/api/board';
import { recommendationPoints } from '@common/api/board';
import { format, ko } from '@/i18n/ko';
import { DEFAULT_CENTER, loadMapProvider, type MapHandle } from '@/lib/maps';
import { getRecommendations } from '../api/board-api';
import { isValidPosition, previewText, wrapIndex } from '../board-logic';
import { PostDetailDialog } from './post-detail-dialog';
import './board.css';
import './recommend.css';

const MY_LOCATION_ID = 'my-location';

export function RecommendPage() {
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapHandle | null>(null);
  const [posts, setPosts] = useState<Post[] | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);

  // SPEC §4: the map script, then the recommendations, then the map, then geolocation.
  useEffect(() => {
    let active = true;
    let handle: MapHandle | null = null;
    const el = element.current;
    if (!el) return;
    (async () => {
      let provider;
      let list: Post[];
      try {
        provider = await loadMapProvider();
        list = await getRecommendations();
      } catch (error) {
        console.error('recommendations or map script failed', error);
        if (active) {
          setBanner(ko.recommend.loadFailed);
          setPosts([]);
        }
        return;
      }
      if (!active) return;
      setPosts(list);
      try {
        handle = await provider.createMap(el, { center: DEFAULT_CENTER, level: 5 });
      } catch (error) {
        console.error('map init failed', error);
        if (active) setBanner(ko.recommend.mapFailed);
        return;
      }
      if (!active) return handle.destroy();
      setMap(handle);
      if ('geolocation' in navigator) {
        navigator.geolocation.getCurrentPosition(
          (pos) => {
            if (!active || !handle) return;
            const here = { lat: pos.coords.latitude, lng: pos.coords.longitude };
            handle.setCenter(here);
            handle.addMarker({ id: MY_LOCATION_ID, position: here, label: ko.boardUi.myLocation });
          },
          () => undefined,
          { timeout: 5000 },
        );
      }
    })();
    return () => {
      active = false;
      handle?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!map || !posts) return;
    for (const p of posts) {
      if (!isValidPosition(p.latitude, p.longitude)) {
        console.warn('recommendation with invalid coordinates skipped', p.id);
        continue;
      }
      map.addMarker({ id: `post-${p.id}`, position: { lat: p.latitude, lng: p.longitude as number }, label: p.title, onClick: () => setIndex(posts.indexOf(p)) });
    }
  }, [map, posts]);

  const count = posts?.length ?? 0;
  const current = posts && count > 0 ? posts[wrapIndex(index, count)] : undefined;

  useEffect(() => {
    if (map && current) map.raiseMarker(`post-${current.id}`);
  }, [map, current]);

  const replace = useCallback((next: Post) => setPosts((list) => list?.map((p) => (p.id === next.id ? next : p)) ?? null), []);
  const open = posts?.find((p) => p.id === openId) ?? null;

  return (
    <div className="page recommend-page">
      <h1 className="page-title">{ko.screens.recommend}</h1>
      {banner && (
        <p className="load-error recommend-banner" role="alert">
          {banner}
        </p>
      )}
      <div className="recommend-map" role="region" aria-label={ko.boardUi.map}>
        <div ref={element} className="recommend-map__canvas" data-testid="recommend-map" />
      </div>
      {posts && count === 0 && !banner && <p className="empty-state">{ko.recommend.empty}</p>}
      {current && (
        <section className="recommend-carousel" aria-roledescription="carousel" aria-label={ko.boardUi.recommendList}>
          <button type="button" className="btn btn--secondary" aria-label={ko.boardUi.previous} onClick={() => setIndex((i) => wrapIndex(i - 1, count))}>
            ‹
          </button>
          <article className="card recommend-card" data-post-id={current.id} aria-roledescription="slide" aria-label={`${wrapIndex(index, count) + 1} / ${count}`}>
            <h2 className="card__title">
              <button type="button" className="board-card__open" onClick={() => setOpenId(current.id)} aria-label={format(ko.boardUi.openPost, { title: current.title })}>
                {current.title}
              </button>
            </h2>
            <p className="board-card__meta">
              {current.address} · {format(ko.boardUi.points, { n: recommendationPoints(current) })}
            </p>
            <p className="board-card__preview">{previewText(current.content)}</p>
            <p className="board-card__meta">{current.author?.name ?? ko.board.unknownAuthor}</p>
          </article>
          <button type="button" className="btn btn--secondary" aria-label={ko.boardUi.next} onClick={() => setIndex((i) => wrapIndex(i + 1, count))}>
            ›
          </button>
        </section>
      )}
      <PostDetailDialog post={open} onOpenChange={(o) => !o && setOpenId(null)} onChange={replace} />
    </div>
  );
}
