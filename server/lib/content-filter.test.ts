/**
 * The content filter (issue #17 item 7) on its own: spacing, digit, punctuation, jamo, choseong,
 * full-width and keyboard-layout tricks are refused; ordinary sentences of a dining app pass
 * (schedule text holds hours like "18시"; "시발점" is a real word).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { assertAppropriate, containsProfanity, englishForTests, parseWordList } from './content-filter.ts';

const refused = [
  '씨발',
  '시발',
  '시 발',
  '시  발 뭐야',
  '시1발',
  '씨 8 발',
  '시.발',
  '시-발',
  'ㅅㅂ',
  'ㅆㅂ',
  'ㅅ ㅂ',
  'ㅅ.ㅂ',
  'ㅅ1ㅂ',
  'ㅋㅋㅋㅅㅂㅋㅋ',
  'ㅅ발',
  '시ㅂ',
  'ㅅㅣㅂㅏㄹ',
  '씨\u200b발',
  'ｓｈｉｔ',
  'tlqkf',
  '병 신',
  '병신아',
  'ㄱㅅㄲ',
  '개 새 끼',
  '개새끼야 나와',
  '너 존나 싫어',
  '좆까',
  'f u c k',
  'f.u.c.k you',
  's.h.i.t',
  'FUCK',
  '씨발 표 있어요?',
  '한강간다 씨발',
  '지랄하네',
  '병 신들',
  '네 시발',
  '한 시발놈이',
];

const innocent = [
  '수박',
  '개발자',
  '시바견',
  '18시 약속',
  '오늘 18시 약속 어때요?',
  '6 시 발표 끝나고 봐요',
  '오후 6시 발산역에서 만나요',
  '3시발 기차 타고 가요',
  '세시 발표 끝나고 밥 먹어요',
  '세 시 발표 끝나고 밥 먹어요',
  '몇 시 팔아요?',
  '한 병 신기하네요',
  '시발점',
  '시발역 근처 국밥집',
  '12시 반에 봐요',
  '김치찌개 1시 반',
  '최근 친구랑 갔던 곳',
  '한강 간다',
  '한강간다',
  '그거 유명한 집이에요',
  '미친 듯이 맛있어요',
  '꼭꼭 씹어 먹어요',
  '보지 마세요',
  '먹고자 합니다',
  '유모차 가능한 식당',
  '호로록 국수',
  '소주 한 병 신청해요',
  '아저씨 팔 다쳤대요',
  '오후 장보기',
  '신발 벗고 들어가요',
  '등신대 앞에서 만나요',
  '5개년 계획',
  '뚝배기 불고기',
  '곱창 나와요',
  '어머니 미역국',
  '우리 집 강아지 새끼 낳았어요',
  '오늘 저녁 같이 드실 분',
  '강남역 근처 파스타 맛집',
  'ㅇㅋ ㅇㅈ ㄱㄱ',
  'ㅋㅋㅋㅋ ㅎㅎ ㅠㅠ',
  'ㅇㅇ 좋아요',
  'class glass assessment',
  'hello world',
  'hotel lobby at 7',
  'Contract conventions',
  'GET /api/ai/featured-reviews',
  '(x) => x.id',
  'bs_device cookie',
  'Shibuya sushi',
  '',
  '   ',
];

describe('containsProfanity', () => {
  it.each(refused)('refuses %j', (text) => {
    expect(containsProfanity(text)).toBe(true);
  });

  it.each(innocent)('lets %j pass', (text) => {
    expect(containsProfanity(text)).toBe(false);
  });

  it('reads board HTML as text: tags and entities do not hide a word, and markup alone is not one', () => {
    expect(containsProfanity('<p>시<b>발</b></p>', { html: true })).toBe(true);
    expect(containsProfanity('&#49884;&#48156;', { html: true })).toBe(true);
    expect(containsProfanity('<p>좋은&nbsp;하루 <strong>보내세요</strong></p><img src="/uploads/a.png" alt="">', { html: true })).toBe(false);
  });

  it('never throws, whatever the text (a throw would be a 500 at every edge)', () => {
    const hangulish = fc.string({ unit: fc.constantFrom(...'ㄱㄲㅅㅆㅂㅃㅇㅎㅏㅐㅗㅣ시발병신 .1<>&;#xqwetlkf\u0000\u200b\uFF21\uFFA1\u1100\u1161\u11A8'), maxLength: 30 });
    for (const arb of [fc.string({ unit: 'binary', maxLength: 40 }), hangulish]) {
      fc.assert(fc.property(arb, fc.boolean(), (text, html) => void containsProfanity(text, { html })), { numRuns: 2000, seed: 17 });
    }
  });

  it('checks a 20 KB post in well under a second', () => {
    const html = '<p>오늘 저녁 같이 드실 분 강남역 근처 <b>파스타</b> 맛집 ㅋㅋ ㅎㅎ 18시 약속</p>'.repeat(300);
    const started = performance.now();
    expect(containsProfanity(html, { html: true })).toBe(false);
    expect(containsProfanity(`${html}<p>ㅅㅂ</p>`, { html: true })).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the English check in one expression (issue #33 item 3)', () => {
  it("agrees with the library's own isProfane on the corpus and on random Latin, digit and symbol text", () => {
    const { library, fast } = englishForTests;
    for (const text of [...refused, ...innocent, 'what the fuck', 'f4ck you', 'sh1t happens', 'F U C K', 'classic assessment', 'Scunthorpe', 'bitch!', '1733420000000 3 1234']) {
      expect(fast(text), text).toBe(library(text));
    }
    const latin = fc.string({ unit: fc.constantFrom(...'abcdefghiklmnopqrstuvwxyzFUCKSHIT01345@$!*. -_'), maxLength: 24 });
    fc.assert(fc.property(latin, (text) => fast(text) === library(text)), { numRuns: 3000, seed: 33 });
    // Some random texts must be profane, or the property above proves little.
    const words = ['fuck', 'shit', 'bitch', 'cunt', 'asshole'];
    fc.assert(fc.property(latin, fc.constantFrom(...words), latin, (a, w, b) => fast(`${a} ${w} ${b}`) === library(`${a} ${w} ${b}`)), { numRuns: 1000, seed: 34 });
    expect(words.every((w) => fast(`oh ${w} no`))).toBe(true);
  });
});

describe('assertAppropriate', () => {
  it('throws 400 INAPPROPRIATE_TEXT with the Korean message, naming the field', () => {
    let caught: unknown;
    try {
      assertAppropriate({ title: '점심 메뉴', content: '시 발' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ statusCode: 400, code: 'INAPPROPRIATE_TEXT', message: '부적절한 표현이 포함되어 있어요.', field: 'content' });
  });

  it('skips absent fields and passes clean ones', () => {
    expect(() => assertAppropriate({ name: '밥친구', bio: null, extra: undefined })).not.toThrow();
  });
});

describe('the word list format', () => {
  it('reads refused, allowed (!) and dropped (-) entries, ignoring comments, spacing and blank lines', () => {
    expect(parseWordList('# comment\n개 새끼\n\n!시발점  # a real word\n-보지\n  ｓｈｉｔ \n')).toEqual({
      refused: ['개새끼', 'shit'],
      allowed: ['시발점'],
      dropped: ['보지'],
    });
  });
});
