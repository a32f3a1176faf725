/**
 * The 동네 a member may keep in their profile (issue #31 item 2): distance on 매칭 is measured from
 * its centre when the member has not shared their position. No geocoding service is reachable, so
 * the list is data: well-known 동 of Seoul with the 구 they lie in and an approximate centre
 * (WGS 84 degrees, the centre of the 동 or of its best-known street, good to a few hundred metres —
 * the distance filter's steps are kilometres). Names are unique; the API stores and answers the name.
 */

/** One 동: its name (e.g. "역삼동"), its 구, and its approximate centre in degrees. */
export interface Neighbourhood {
  readonly name: string;
  readonly district: string;
  readonly lat: number;
  readonly lng: number;
}

/** The 동 on offer, grouped by 구 (the profile's select shows the groups in this order). */
export const NEIGHBOURHOODS: readonly Neighbourhood[] = [
  { name: '역삼동', district: '강남구', lat: 37.5007, lng: 127.0365 },
  { name: '삼성동', district: '강남구', lat: 37.514, lng: 127.0565 },
  { name: '청담동', district: '강남구', lat: 37.5245, lng: 127.0478 },
  { name: '압구정동', district: '강남구', lat: 37.5272, lng: 127.0285 },
  { name: '신사동', district: '강남구', lat: 37.5217, lng: 127.0205 },
  { name: '논현동', district: '강남구', lat: 37.511, lng: 127.0283 },
  { name: '대치동', district: '강남구', lat: 37.4994, lng: 127.058 },
  { name: '서초동', district: '서초구', lat: 37.4918, lng: 127.0107 },
  { name: '반포동', district: '서초구', lat: 37.5046, lng: 126.9995 },
  { name: '방배동', district: '서초구', lat: 37.4815, lng: 126.995 },
  { name: '양재동', district: '서초구', lat: 37.47, lng: 127.038 },
  { name: '잠실동', district: '송파구', lat: 37.508, lng: 127.083 },
  { name: '방이동', district: '송파구', lat: 37.5145, lng: 127.113 },
  { name: '문정동', district: '송파구', lat: 37.4858, lng: 127.1224 },
  { name: '천호동', district: '강동구', lat: 37.54, lng: 127.126 },
  { name: '서교동', district: '마포구', lat: 37.553, lng: 126.919 },
  { name: '연남동', district: '마포구', lat: 37.562, lng: 126.923 },
  { name: '망원동', district: '마포구', lat: 37.556, lng: 126.905 },
  { name: '합정동', district: '마포구', lat: 37.549, lng: 126.913 },
  { name: '상수동', district: '마포구', lat: 37.548, lng: 126.923 },
  { name: '공덕동', district: '마포구', lat: 37.544, lng: 126.951 },
  { name: '상암동', district: '마포구', lat: 37.578, lng: 126.89 },
  { name: '신촌동', district: '서대문구', lat: 37.5598, lng: 126.9425 },
  { name: '연희동', district: '서대문구', lat: 37.569, lng: 126.931 },
  { name: '이태원동', district: '용산구', lat: 37.5345, lng: 126.994 },
  { name: '한남동', district: '용산구', lat: 37.537, lng: 127.005 },
  { name: '이촌동', district: '용산구', lat: 37.522, lng: 126.97 },
  { name: '후암동', district: '용산구', lat: 37.549, lng: 126.978 },
  { name: '성수동', district: '성동구', lat: 37.5445, lng: 127.056 },
  { name: '왕십리동', district: '성동구', lat: 37.5612, lng: 127.0371 },
  { name: '금호동', district: '성동구', lat: 37.554, lng: 127.021 },
  { name: '화양동', district: '광진구', lat: 37.547, lng: 127.071 },
  { name: '자양동', district: '광진구', lat: 37.535, lng: 127.082 },
  { name: '구의동', district: '광진구', lat: 37.541, lng: 127.088 },
  { name: '을지로동', district: '중구', lat: 37.5663, lng: 126.9925 },
  { name: '명동', district: '중구', lat: 37.5636, lng: 126.985 },
  { name: '신당동', district: '중구', lat: 37.564, lng: 127.015 },
  { name: '삼청동', district: '종로구', lat: 37.584, lng: 126.982 },
  { name: '혜화동', district: '종로구', lat: 37.586, lng: 127.0 },
  { name: '익선동', district: '종로구', lat: 37.574, lng: 126.989 },
  { name: '부암동', district: '종로구', lat: 37.593, lng: 126.963 },
  { name: '성북동', district: '성북구', lat: 37.593, lng: 126.993 },
  { name: '안암동', district: '성북구', lat: 37.586, lng: 127.029 },
  { name: '회기동', district: '동대문구', lat: 37.59, lng: 127.056 },
  { name: '여의도동', district: '영등포구', lat: 37.525, lng: 126.925 },
  { name: '문래동', district: '영등포구', lat: 37.517, lng: 126.895 },
  { name: '당산동', district: '영등포구', lat: 37.534, lng: 126.899 },
  { name: '노량진동', district: '동작구', lat: 37.513, lng: 126.942 },
  { name: '사당동', district: '동작구', lat: 37.485, lng: 126.98 },
  { name: '흑석동', district: '동작구', lat: 37.508, lng: 126.963 },
  { name: '신림동', district: '관악구', lat: 37.4842, lng: 126.9297 },
  { name: '봉천동', district: '관악구', lat: 37.481, lng: 126.945 },
  { name: '목동', district: '양천구', lat: 37.53, lng: 126.875 },
  { name: '마곡동', district: '강서구', lat: 37.56, lng: 126.83 },
  { name: '화곡동', district: '강서구', lat: 37.541, lng: 126.84 },
  { name: '구로동', district: '구로구', lat: 37.495, lng: 126.887 },
  { name: '가산동', district: '금천구', lat: 37.48, lng: 126.883 },
  { name: '불광동', district: '은평구', lat: 37.61, lng: 126.93 },
  { name: '수유동', district: '강북구', lat: 37.637, lng: 127.02 },
  { name: '상계동', district: '노원구', lat: 37.66, lng: 127.07 },
];

const BY_NAME: ReadonlyMap<string, Neighbourhood> = new Map(NEIGHBOURHOODS.map((n) => [n.name, n]));

/** The 동 called `name`, or undefined for a name not on the list (and for null/undefined). */
export function neighbourhoodOf(name: string | null | undefined): Neighbourhood | undefined {
  return name ? BY_NAME.get(name) : undefined;
}

/** True when `name` is one of `NEIGHBOURHOODS`' names (what `PUT /api/user/profile` accepts). */
export function isNeighbourhood(name: string): boolean {
  return BY_NAME.has(name);
}

/** The 구 in list order, each with its 동 (the profile's select shows them as groups). */
export function neighbourhoodsByDistrict(): ReadonlyArray<{ district: string; neighbourhoods: readonly Neighbourhood[] }> {
  const groups = new Map<string, Neighbourhood[]>();
  for (const n of NEIGHBOURHOODS) groups.set(n.district, [...(groups.get(n.district) ?? []), n]);
  return [...groups].map(([district, neighbourhoods]) => ({ district, neighbourhoods }));
}
