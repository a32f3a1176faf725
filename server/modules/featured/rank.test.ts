import { describe, expect, it } from 'vitest';
import { FEATURED_LIMIT, hasContactDetails, normaliseComment, rankFeaturedReviews, type ReviewCandidate } from './rank.ts';
import { parseChosenIds } from './ai.ts';

let nextId = 0;
const review = (over: Partial<ReviewCandidate> = {}): ReviewCandidate => {
  nextId += 1;
  return { id: nextId, reviewerId: nextId, reviewerName: `회원${nextId}`, reviewerProfileImage: null, rating: 5, comment: '함께 먹어서 즐거웠어요 다음에도 꼭 같이 가요', createdAt: new Date(1_700_000_000_000 + nextId * 1000), ...over };
};

describe('hasContactDetails', () => {
  it.each([
    '010-1234-5678로 연락주세요',
    '번호 01012345678',
    '+82 10-1234-5678',
    '+821012345678',
    '010 1234 5678',
    '010.1234.5678',
    '02-123-4567 가게 번호',
    '０１０－１２３４－５６７８', // full-width
    'me@example.com',
    '메일은 홍길동@예시.한국',
    'http://a.b/c',
    'https://spam.example',
    'www.naver.com 보세요',
    'insta.com/foo 팔로우',
    'kakao.kr 링크',
  ])('finds contact details in %s', (text) => expect(hasContactDetails(text)).toBe(true));

  it.each(['12,000원짜리 국밥이 맛있었어요', '2026.11.22 저녁 7시에 만났어요', '5점 만점에 5점! 최고였습니다', '시간 약속을 잘 지켜요.'])('leaves %s alone', (text) =>
    expect(hasContactDetails(text)).toBe(false),
  );
});

describe('normaliseComment', () => {
  it('ignores case, spaces, punctuation and full-width forms', () => {
    expect(normaliseComment('  Good FOOD!! 좋아요 ')).toBe(normaliseComment('good food 좋아요'));
    expect(normaliseComment('ＡＢＣ 좋아요.')).toBe('abc좋아요');
  });
});

describe('rankFeaturedReviews', () => {
  it('keeps rating ≥ 4 and comments of ≥ 15 characters (trimmed)', () => {
    const low = review({ rating: 3 });
    const four = review({ rating: 4, comment: '맛있는 식사였고 대화도 즐거웠습니다' });
    const short = review({ comment: '   짧은 후기    ' });
    const exactly15 = review({ comment: ' 가나다라마바사아자차카타파하가 ' });
    const fourteen = review({ comment: '가나다라마바사아자차카타파하' });
    const ids = rankFeaturedReviews([low, four, short, exactly15, fourteen]).map((r) => r.id);
    expect(ids).toEqual([exactly15.id, four.id]);
  });

  it('drops contact details and repeats (the oldest copy stays), newer first', () => {
    const original = review({ comment: '정말 좋은 분이었어요. 또 만나요!' });
    const copy = review({ comment: '정말 좋은 분이었어요 또 만나요' });
    const phone = review({ comment: '연락처 010-9876-5432 로 주세요 감사합니다' });
    const other = review({ comment: '시간 약속을 잘 지키고 매너가 좋아요' });
    expect(rankFeaturedReviews([copy, phone, original, other]).map((r) => r.id)).toEqual([other.id, original.id]);
  });

  it('a repeat of a low-rated older review is still a repeat', () => {
    const old = review({ rating: 2, comment: '복사해서 붙여넣은 같은 문장입니다 여러 번' });
    const copy = review({ rating: 5, comment: '복사해서 붙여넣은 같은 문장입니다 여러 번' });
    expect(rankFeaturedReviews([old, copy])).toEqual([]);
  });

  it('at most one per reviewer (the newest) and at most 12', () => {
    const a1 = review({ reviewerId: 7, comment: '첫 번째 후기입니다 아주 좋았어요' });
    const a2 = review({ reviewerId: 7, comment: '두 번째 후기입니다 더 좋았어요!!' });
    expect(rankFeaturedReviews([a1, a2]).map((r) => r.id)).toEqual([a2.id]);
    const many = Array.from({ length: 20 }, (_, i) => review({ comment: `서로 다른 좋은 후기 번호 ${'가나다라마바사아자차카타파하거너더러머'[i]} 입니다` }));
    const ranked = rankFeaturedReviews(many);
    expect(ranked).toHaveLength(FEATURED_LIMIT);
    expect(ranked[0]!.id).toBe(many[19]!.id);
    expect(rankFeaturedReviews(many, Infinity)).toHaveLength(20);
  });
});

describe('parseChosenIds', () => {
  const known = new Set([1, 2, 3]);
  it('accepts a JSON array of known ids, also fenced', () => {
    expect(parseChosenIds('[3, 1]', known, 12)).toEqual([3, 1]);
    expect(parseChosenIds('```json\n[2]\n```', known, 12)).toEqual([2]);
  });
  it.each(['', 'no', '[]', '[4]', '[1, 1]', '[1.5]', '[1', '[1, "x"]', '[1,2,3]'])('rejects %s', (text) =>
    expect(parseChosenIds(text, known, text === '[1,2,3]' ? 2 : 12)).toBeNull(),
  );
});
