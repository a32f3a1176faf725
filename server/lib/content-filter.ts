/**
 * The content filter (issue #17 item 7): nicknames, schedule text, board posts and comments,
 * review comments and chat messages are refused with 400 "부적절한 표현이 포함되어 있어요." when
 * they hold profanity.
 *
 * Library: glin-profanity (pinned). Of the candidates, `@2toad/profanity`'s Korean list is
 * machine-translated and refuses ordinary words ("1시간", "한국어", "프로젝트", "장바구니");
 * `obscenity` is the best matcher but ships English only, so the Korean list would be all ours;
 * `badwords-ko` has the widest Korean slang list (574 entries) but is CommonJS without types, one
 * author, and refuses dining words ("뚝배기", "존맛", "곱창나", "처먹", "머리"). glin-profanity is
 * actively released, ESM with types, has no runtime dependencies (its ML extras are optional
 * peers we do not install), and carries a curated Korean dictionary of the core words plus
 * English, so it gives the base list; its Korean matching is plain substring search, so the
 * normalisation (spacing, digits, jamo, choseong, full-width, keyboard-layout tricks) and the
 * innocent-word handling are ours, below, with server/lib/content-filter.words.txt extending and
 * trimming its list.
 *
 * Decisions: "시발점" (starting point) and "시발역" are real words and pass; bare "시발" is refused.
 * "18시 발표" passes (an hour before a word is not joined with it), "시 발" is refused (single
 * pieces split by spaces, punctuation or digits are joined). Bare "미친" ("미친 듯이 맛있어"),
 * "씹" ("꼭꼭 씹어"), "보지" ("보지 마세요") and other words with everyday uses are dropped from
 * the library's list; their insulting compounds stay listed.
 */
import { readFileSync } from 'node:fs';
import { assemble, convertQwertyToHangul, getChoseong } from 'es-hangul';
import { Filter } from 'glin-profanity';
import { fail } from './errors.ts';

interface WordList {
  refused: string[];
  allowed: string[];
  dropped: string[];
}

/** Parses the repository word list (format described at the top of the file). */
export function parseWordList(text: string): WordList {
  const list: WordList = { refused: [], allowed: [], dropped: [] };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const kind = line[0] === '!' ? 'allowed' : line[0] === '-' ? 'dropped' : 'refused';
    const word = normalizeWord(kind === 'refused' ? line : line.slice(1));
    if (word) list[kind].push(word);
  }
  return list;
}

/** A compatibility jamo consonant ㄱ–ㅎ. */
const isConsonant = (c: string) => c >= '\u3131' && c <= '\u314E';
/** A precomposed Hangul syllable 가–힣. */
const isSyllable = (c: string) => c >= '\uAC00' && c <= '\uD7A3';
/** Conjoining initial consonants (U+1100…) as the compatibility jamo a keyboard types. */
const CONJOINING_CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const TENSE: Record<string, string> = { ㄲ: 'ㄱ', ㄸ: 'ㄷ', ㅃ: 'ㅂ', ㅆ: 'ㅅ', ㅉ: 'ㅈ' };

function foldTense(jamo: string): string {
  return TENSE[jamo] ?? jamo;
}

/**
 * Width, case and invisible characters: NFKC folds full-width letters and digits and half-width
 * jamo (compatibility jamo are left alone, NFKC would turn them into conjoining ones), then
 * stray conjoining initials become the compatibility jamo, format characters (zero-width space,
 * soft hyphen…) go, and letters are lower-cased.
 */
function foldText(text: string): string {
  return text
    .replace(/[^\u3130-\u318F]+/g, (s) => s.normalize('NFKC'))
    .replace(/[\u1100-\u1112]/g, (c) => CONJOINING_CHOSEONG[c.charCodeAt(0) - 0x1100] ?? c)
    .replace(/\p{Cf}/gu, '')
    .toLowerCase();
}

/**
 * No refused or allowed word is longer than this many letters, so a longer run of one repeated
 * letter ("ㅅㅅㅅ…") holds no match a run of this length would not: runs are cut to it before the
 * search, whose cost grows with the text times the words (20,480 "ㅅ": 3.8 s before, issue #19
 * item 5: nothing on the event loop proportional to input beyond reason).
 */
const LONGEST_WORD = 20;
const LONG_RUN = new RegExp(`(\\p{L})\\1{${LONGEST_WORD},}`, 'gu');

function normalizeWord(word: string): string {
  return foldText(word).replace(/[^\p{L}]+/gu, '');
}

/** The repository word list, read once at start-up (beside this module, also in build/). */
const WORDS = parseWordList(readFileSync(new URL('./content-filter.words.txt', import.meta.url), 'utf8'));
for (const word of [...WORDS.refused, ...WORDS.allowed]) {
  if ([...word].length > LONGEST_WORD) throw new Error(`content-filter.words.txt: "${word}" is longer than ${LONGEST_WORD} letters (LONGEST_WORD)`);
}

/** The library's Korean dictionary, searched without word boundaries (Korean has no `\b`). */
const korean = new Filter({ languages: ['korean'], wordBoundaries: false, normalizeUnicode: false, ignoreWords: WORDS.dropped });
/** The library's English dictionary, on whole words only ("class" is not "ass"). */
const english = new Filter({ languages: ['english'], wordBoundaries: true, ignoreWords: WORDS.dropped });

/** The parts of glin-profanity's Filter (3.3.0, dist/index.js) `englishAny` is built from; private in its types. */
interface FilterInternals {
  words: Map<string, number>;
  ignoreWords: Set<string>;
  caseSensitive: boolean;
  wordBoundaries: boolean;
  detectLeetspeak: boolean;
  allowObfuscatedMatch: boolean;
  normalizeText(text: string, aggressive?: boolean): string;
}

/**
 * `english.isProfane(text)` in one regular expression (issue #33 item 3: the library tests each of
 * its ~400 words as its own regex on three forms of the text — about 260 µs a chat message, the
 * largest cost of a stored SEND; this is about 9 µs). The same rule: some dictionary word not in
 * `ignoreWords`, escaped as the library escapes it, between `\b`s, case-insensitive, in the text,
 * its `normalizeText` form or its aggressive one. Whole-word matching has no fuzzy step in the
 * library (`evaluateSeverity`), so nothing else decides. Built at start-up; a library whose
 * internals differ fails here rather than filtering differently (content-filter.test.ts compares
 * both on its corpus).
 */
const englishAny = (() => {
  const f = english as unknown as FilterInternals;
  if (!(f.words instanceof Map) || f.words.size === 0 || !(f.ignoreWords instanceof Set) || typeof f.normalizeText !== 'function' || f.caseSensitive !== false || f.wordBoundaries !== true) {
    throw new Error('content-filter: glin-profanity internals changed (words, ignoreWords, normalizeText, caseSensitive, wordBoundaries); see englishAny');
  }
  const words = [...f.words.keys()].filter((w) => !f.ignoreWords.has(w.toLowerCase())).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const any = new RegExp(`\\b(?:${words.join('|')})\\b`, 'i');
  return (text: string) => any.test(text) || any.test(f.normalizeText(text)) || any.test(f.normalizeText(text, true));
})();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Board content is sanitised HTML: tags become spaces, entities their characters. */
function htmlToText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/**
 * A run of text between hours (see `readings`), as its letters only (`letters`) and where each piece that
 * spaces, punctuation or digits separated starts and ends in it.
 */
interface Segment {
  letters: string;
  starts: Set<number>;
  ends: Set<number>;
  /** Where a typed initial consonant (ㄱ–ㅎ) stands in `letters`. */
  consonants: number[];
}

function segment(pieces: string[]): Segment {
  let letters = '';
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (const piece of pieces) {
    if (!piece) continue;
    starts.add(letters.length);
    letters += piece;
    ends.add(letters.length);
  }
  const consonants: number[] = [];
  for (let i = 0; i < letters.length; i++) if (isConsonant(letters[i]!)) consonants.push(i);
  return { letters, starts, ends, consonants };
}

/**
 * An hour of the day in digits ("18시", "6 시"): the text is split there. Hours in words ("세 시")
 * are left to the allowed words ("세 시 발표"), as "네 시발" ("yes, …") must still be refused.
 */
const HOUR = /\d+\s*시/;

/**
 * The text as segments to search, in three readings: as typed; with jamo runs assembled into
 * syllables ("ㅅㅣㅂㅏㄹ" → "시발"); with Latin pieces read as the Korean keyboard in English
 * mode ("tlqkf" → "시발"). An hour splits the text, so "18시 발표" is not "시발".
 */
function readings(text: string): Segment[] {
  const segments: Segment[] = [];
  for (const part of text.split(HOUR)) {
    const pieces = part.split(/[^\p{L}]+/u).filter(Boolean);
    if (!pieces.length) continue;
    segments.push(segment(pieces));
    const jamo = /[\u3131-\u3163]*[\u314F-\u3163][\u3131-\u3163]*/g;
    const assembled = pieces.map((p) =>
      p.replace(jamo, (run) => {
        // es-hangul's assembly is superlinear too: a long run of loose jamo is no typed word.
        if (run.length > QWERTY_MAX) return run;
        try {
          return assemble([...run]);
        } catch {
          return run;
        }
      }),
    );
    if (assembled.some((p, i) => p !== pieces[i])) segments.push(segment(assembled));
    const qwerty = pieces.map((p) => (p.length <= QWERTY_MAX && /^[a-z]{3,}$/.test(p) ? asKoreanKeys(p) : p));
    if (qwerty.some((p, i) => p !== pieces[i])) segments.push(segment(qwerty));
  }
  return segments;
}

/**
 * The longest Latin piece read as Korean keys: es-hangul's conversion takes time quadratic in the
 * piece's length (8,192 letters: 1.2 s; a 20 KB post of one word held the event loop for 42 s), and
 * a word typed in English mode is short.
 */
const QWERTY_MAX = 40;

/**
 * A Latin piece read as typed on the Korean keyboard in English mode, when that spells whole
 * syllables only ("tlqkf" → "시발"); an English word spells loose jamo ("hello" → "ㅗ디ㅣㅐ") and
 * stays as it is. es-hangul throws on some key sequences; those stay too.
 */
function asKoreanKeys(piece: string): string {
  try {
    const hangul = convertQwertyToHangul(piece);
    return /^[\uAC00-\uD7A3]+$/.test(hangul) ? hangul : piece;
  } catch {
    return piece;
  }
}

/**
 * Whether `word` occurs at `at` of `letters`: each character equal, or a typed initial consonant
 * standing for the word's syllable (tense or plain: "ㅅ" for "씨"). A word spelt all in initials
 * counts only from 3 syllables ("ㄱㅅㄲ"); shorter abbreviations are listed as they are ("ㅅㅂ").
 */
function matchesAt(letters: string, at: number, word: string): boolean {
  let initials = 0;
  for (let k = 0; k < word.length; k++) {
    const t = letters[at + k]!;
    const w = word[k]!;
    if (t === w) continue;
    if (!isConsonant(t)) return false;
    if (isConsonant(w)) {
      if (foldTense(t) !== foldTense(w)) return false;
      continue;
    }
    if (!isSyllable(w) || foldTense(t) !== foldTense(getChoseong(w))) return false;
    initials++;
  }
  return initials < word.length || word.length >= 3;
}

const initialsCache = new Map<string, Set<string>>();

/** The initial consonants (tense folded) a typed jamo may stand for in `word`. */
function initialsOf(word: string): Set<string> {
  let set = initialsCache.get(word);
  if (!set) {
    set = new Set([...word].map((c) => foldTense(isSyllable(c) ? getChoseong(c) : c)));
    initialsCache.set(word, set);
  }
  return set;
}

/**
 * Where `word` occurs in the segment, as [start, end) pairs that respect the pieces. With
 * `jamoAware`, also where typed initial consonants stand for some of its syllables (only windows
 * holding such a consonant are tried).
 */
function occurrences(seg: Segment, word: string, jamoAware: boolean): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  const { letters } = seg;
  const tried = new Set<number>();
  for (let at = letters.indexOf(word); at >= 0; at = letters.indexOf(word, at + 1)) {
    tried.add(at);
    if (respectsPieces(seg, at, at + word.length)) found.push([at, at + word.length]);
  }
  if (!jamoAware) return found;
  const initials = initialsOf(word);
  for (const p of seg.consonants) {
    if (!initials.has(foldTense(letters[p]!))) continue;
    for (let at = Math.max(0, p - word.length + 1); at <= p && at + word.length <= letters.length; at++) {
      if (tried.has(at)) continue;
      tried.add(at);
      if (matchesAt(letters, at, word) && respectsPieces(seg, at, at + word.length)) found.push([at, at + word.length]);
    }
  }
  return found;
}

/**
 * A match inside one piece always counts. One across pieces counts when it starts at the start of
 * a piece and either ends at the end of one ("시 발", "ㅅ.ㅂ", "시1발") or starts with a lone letter
 * ("병 신들"); never when it starts inside a longer word ("최근 친구", "세시 발표"). Ordinary words
 * a lone letter runs into ("한 병 신청") are in the list's allowed words.
 */
function respectsPieces(seg: Segment, start: number, end: number): boolean {
  let crosses = false;
  for (let i = start + 1; i < end; i++) {
    if (seg.starts.has(i)) {
      crosses = true;
      break;
    }
  }
  if (!crosses) return true;
  return seg.starts.has(start) && (seg.ends.has(end) || seg.ends.has(start + 1));
}

function segmentIsProfane(seg: Segment): boolean {
  const allowed = WORDS.allowed.flatMap((w) => occurrences(seg, w, false));
  const counts = ([s, e]: [number, number]) => !allowed.some(([a, b]) => a < e && s < b);
  if (WORDS.refused.some((w) => occurrences(seg, w, true).some(counts))) return true;
  const libraryWords = korean.checkProfanity(seg.letters).profaneWords;
  return libraryWords.some((w) => occurrences(seg, normalizeWord(w), false).some(counts));
}

/** English on whole words, with letters typed apart joined again ("f u c k", "s.h.i.t"). */
function englishIsProfane(text: string): boolean {
  const words = text.replace(/[^\p{L}\p{N}]+/gu, ' ');
  const joined = words.replace(/\b[a-z](?: [a-z]\b)+/g, (run) => run.replace(/ /g, ''));
  return englishAny(joined);
}

/** For content-filter.test.ts: the library's own English check, which `englishAny` must agree with. */
export const englishForTests = { library: (text: string) => english.isProfane(text), fast: (text: string) => englishAny(text) };

export interface FilterOptions {
  /** The text is sanitised HTML (board content): tags and entities are read as text. */
  html?: boolean;
}

/** True when `text` holds a refused word, however spaced, split, abbreviated or widened. */
export function containsProfanity(text: string, options: FilterOptions = {}): boolean {
  const folded = foldText(options.html ? htmlToText(text) : text).replace(LONG_RUN, (_run, letter: string) => letter.repeat(LONGEST_WORD));
  if (!folded.trim()) return false;
  if (readings(folded).some(segmentIsProfane)) return true;
  return englishIsProfane(folded);
}

/**
 * Refuses the request before anything is written: throws 400 `INAPPROPRIATE_TEXT` with the
 * Korean message, naming the first field that holds a refused word. Absent fields are skipped.
 */
export function assertAppropriate(fields: Record<string, string | null | undefined>, options: FilterOptions = {}): void {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string' && containsProfanity(value, options)) {
      fail('INAPPROPRIATE_TEXT', { field });
    }
  }
}
