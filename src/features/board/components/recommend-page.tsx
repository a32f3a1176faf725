/**
 * The recommendation screen `/restaurant-rec` (SPEC §2, §4 "Recommendation map", §8, §9; issue #6):
 * the map (maps adapter: Kakao with a key, otherwise Leaflet + OSM) centred on the default
 * location then on the member's position; one 36×36 marker per recommended post; a carousel whose
 * index wraps at both ends and whose selection pans to and raises its marker; the detail dialog.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Post } from '@common/api/board';
import { recommendationPoints } from '@common/api/board';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { DEFAULT_CENTER, loadMapProvider, type MapHandle } from '@/lib/maps';
import { useUrlState } from '@/lib/use-url-state';
import { recommendationsQuery } from '../api/board-api';
import { isValidPosition, previewText, wrapIndex } from '../board-logic';
import { boardPaging } from '../board-text';
import { LoadMore } from '@/components/ui/load-more';
import { PostDetailDialog } from './post-detail-dialog';
import './board.css';
import './recommend.css';

const MY_LOCATION_ID = 'my-location';
const NONE: Post[] = [];

export function RecommendPage() {
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapHandle | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  // Issue #19: the loaded pages (50 a page, most points first) feed the markers and the carousel; 추천 더 보기 adds a page.
  const recommendations = useInfiniteQuery(recommendationsQuery());
  const opened = useUrlState('post');
  const posts = useMemo(() => recommendations.data?.pages.flatMap((p) => p.items) ?? NONE, [recommendations.data]);

  // SPEC §4: the map script, then the map, then geolocation. The recommendations are a query
  // (issue #14) loaded alongside, with their own loading, error (다시 시도) and empty states.
  useEffect(() => {
    let active = true;
    let handle: MapHandle | null = null;
    const el = element.current;
    if (!el) return;
    (async () => {
      let provider;
      try {
        provider = await loadMapProvider();
      } catch (error) {
        console.error('map script failed', error);
        if (active) setBanner(ko.recommend.loadFailed);
        return;
      }
      if (!active) return;
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

  // One marker per recommended post; a refetched list replaces the markers it drew before.
  const drawn = useRef<string[]>([]);
  useEffect(() => {
    if (!map) return;
    for (const id of drawn.current) map.removeMarker(id);
    drawn.current = [];
    posts.forEach((p, i) => {
      if (!isValidPosition(p.latitude, p.longitude)) {
        console.warn('recommendation with invalid coordinates skipped', p.id);
        return;
      }
      const id = `post-${p.id}`;
      map.addMarker({ id, position: { lat: p.latitude, lng: p.longitude as number }, label: p.title, onClick: () => setIndex(i) });
      drawn.current.push(id);
    });
  }, [map, posts]);

  const count = posts.length;
  const current = count > 0 ? posts[wrapIndex(index, count)] : undefined;

  useEffect(() => {
    if (map && current) map.raiseMarker(`post-${current.id}`);
  }, [map, current]);

  const open = opened.value === undefined ? null : (posts.find((p) => String(p.id) === opened.value) ?? null);
  // A link to a post that is no longer recommended: close it quietly once the list answered.
  const closeOpened = opened.close;
  const missing = recommendations.isSuccess && opened.value !== undefined && open === null;
  useEffect(() => {
    if (missing) closeOpened();
  }, [missing, closeOpened]);

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
      <QueryState query={recommendations} isEmpty={count === 0} empty={ko.recommend.empty} rows={1} />
      {current && (
        <section className="recommend-carousel" aria-roledescription="carousel" aria-label={ko.boardUi.recommendList}>
          <button type="button" className="btn btn--secondary" aria-label={ko.boardUi.previous} onClick={() => setIndex((i) => wrapIndex(i - 1, count))}>
            ‹
          </button>
          <article className="card recommend-card" data-post-id={current.id} aria-roledescription="slide" aria-label={`${wrapIndex(index, count) + 1} / ${count}`}>
            <h2 className="card__title">
              <button type="button" className="board-card__open" onClick={() => opened.open(current.id)} aria-label={format(ko.boardUi.openPost, { title: current.title })}>
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
      {recommendations.status === 'success' && (
        <LoadMore auto={false} label={boardPaging.moreRecommendations} query={recommendations} />
      )}
      <PostDetailDialog post={open} onOpenChange={(o) => !o && opened.close()} />
    </div>
  );
}
