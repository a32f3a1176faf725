/**
 * The one error catalogue (issue #29 item 3): every machine `code` the server answers, with its HTTP
 * status and the Korean text a member reads. The server answers by code only (`fail(code)` in
 * server/lib/errors.ts); `ErrorBody.code` (common/api/errors.ts) is the union of these keys, the
 * OpenAPI error lines are rendered from them (common/api/operation.ts), and the client switches on
 * `code`, never on the text.
 *
 * Texts are in 해요체, except those SPEC.md or UI-TEXT.md quote verbatim, which stay byte-exact.
 * A text that names something takes parameters (`text(params)`); particles come from es-hangul's
 * `josa`. Parameters carry data, never Korean written by the server.
 */
import { josa } from 'es-hangul';
import { consentMissingMessage } from './domain/legal.ts';
import { koreanDateTime } from './domain/korean-time.ts';
import { SCHEDULE_TEXT_MAX } from './domain/schedule.ts';
import { CHAT_CONTENT_MAX, CHAT_CONTENT_MIN } from './realtime.ts';

/** One entry: the HTTP status and the Korean text (or a function of the error's parameters). */
export interface ErrorEntry {
  readonly status: number;
  readonly text: string | ((params: never) => string);
}

/** Korean names of the fields a client sends, for validation texts (UI-TEXT.md wording). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  id: '번호',
  matchId: '매칭 번호',
  scheduleId: '일정 번호',
  revieweeId: '리뷰 대상',
  latitude: '위도',
  longitude: '경도',
  lat: '위도',
  lng: '경도',
  radius: '검색 반경',
  date: '날짜',
  time: '시간',
  participants: '인원',
  text: '내용',
  placeName: '장소 이름',
  placeCategory: '음식 종류',
  venueId: '장소',
  title: '제목',
  content: '내용',
  tags: '태그',
  address: '주소',
  rating: '별점',
  comment: '리뷰',
  name: '이름',
  email: '이메일',
  password: '비밀번호',
  newPassword: '새 비밀번호',
  code: '인증번호',
  age: '나이',
  bio: '자기소개',
  profileImage: '프로필 사진',
  neighbourhood: '동네',
  preferences: '음식 취향',
  token: '토큰',
  limit: '개수',
  before: '기준 번호',
  after: '기준 번호',
  category: '음식 종류',
  start: '시작 날짜',
  end: '끝 날짜',
  from: '시작 날짜',
  to: '끝 날짜',
};

/** Which e-mail code a code error is about: sign-up, password reset or a new device's login. */
export type CodePurpose = 'verify' | 'reset' | 'login';
const CODE_NAME: Record<CodePurpose, string> = { verify: '인증번호', reset: '재설정 코드', login: '인증번호' };

/**
 * `VALIDATION`: a request field (as sent) and what is wrong with it — `missing` (required),
 * `extra` (not allowed) or `invalid` (the default); without a field, the whole input.
 */
function validationText(p: { field?: string; problem?: 'missing' | 'extra' | 'invalid' } = {}): string {
  if (!p.field) return '입력값이 올바르지 않아요.';
  const label = FIELD_LABELS[p.field];
  const named = label ? `'${label}'(${p.field})` : `'${p.field}'`;
  const word = label ?? p.field;
  if (p.problem === 'missing') return `${named}${josa.pick(word, '은/는')} 꼭 보내야 해요.`;
  if (p.problem === 'extra') return `${named}${josa.pick(word, '은/는')} 보낼 수 없는 항목이에요.`;
  return `${named} 값이 올바르지 않아요.`;
}

/** The catalogue. Keys are the codes; see the file comment. */
/** What a suspended member is told (issue #31 item 6): until when (KST), why, and whom to ask. */
export interface SuspensionParams {
  /** The end; none while suspended until lifted. */
  until?: Date | string | null;
  /** The reason's Korean label (the upheld report's, e.g. "욕설·비하"; "운영정책 위반" for a direct suspension). */
  reason?: string | null;
  /** The operator's contact e-mail (CONTACT_EMAIL). */
  contact?: string | null;
}

function suspensionText(p: SuspensionParams): string {
  const parts = [p.until ? `이용이 정지된 계정이에요. (${koreanDateTime(p.until)}까지)` : '이용이 정지된 계정이에요.'];
  if (p.reason) parts.push(`사유: ${p.reason}.`);
  if (p.contact) parts.push(`문의: ${p.contact}`);
  return parts.join(' ');
}

export const ERRORS = {
  // ── The request itself (server/plugins/errors.ts, server/app.ts, server/lib/validation.ts) ──
  VALIDATION: { status: 400, text: validationText },
  BAD_JSON: { status: 400, text: '요청 본문을 읽을 수 없어요. 올바른 JSON을 보내주세요.' },
  BAD_URL: { status: 400, text: '요청 주소를 읽을 수 없어요. 주소를 확인해주세요.' },
  BAD_REQUEST: { status: 400, text: '요청을 읽을 수 없어요. 다시 시도해주세요.' },
  REQUEST_TIMEOUT: { status: 408, text: '요청을 받는 데 시간이 너무 오래 걸렸어요. 다시 시도해주세요.' },
  URI_TOO_LONG: { status: 414, text: '요청 주소가 너무 길어요.' },
  HEADERS_TOO_LARGE: { status: 431, text: '요청 헤더가 너무 커요. 쿠키를 지우거나 다시 시도해주세요.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, text: '지원하지 않는 요청 형식이에요.' },
  BODY_TOO_LARGE: { status: 413, text: '요청 본문이 너무 커요.' },
  NOT_FOUND: { status: 404, text: '요청한 주소를 찾을 수 없어요.' },
  METHOD_NOT_ALLOWED: { status: 405, text: '허용되지 않는 요청이에요.' },
  INVALID_CURSOR: { status: 400, text: '목록 위치 정보가 올바르지 않아요. 처음부터 다시 불러와주세요.' },
  INAPPROPRIATE_TEXT: { status: 400, text: '부적절한 표현이 포함되어 있어요.' },
  RATE_LIMITED: { status: 429, text: '요청이 너무 많아요. 잠시 후 다시 시도해주세요.' },
  INTERNAL: { status: 500, text: '서버 오류가 생겼어요. 잠시 후 다시 시도해주세요.' },
  UNAVAILABLE: { status: 503, text: '서비스를 잠시 쓸 수 없어요. 잠시 후 다시 시도해주세요.' },
  DB_UNAVAILABLE: { status: 503, text: '서비스를 잠시 쓸 수 없어요. 잠시 후 다시 시도해주세요.' },
  BROKER_UNAVAILABLE: { status: 503, text: '서비스를 잠시 쓸 수 없어요. 잠시 후 다시 시도해주세요.' },
  // ── Signed-in requests (server/plugins/auth.ts, observability, idempotency, the live channel) ──
  NO_TOKEN: { status: 401, text: '로그인이 필요해요.' },
  INVALID_TOKEN: { status: 401, text: '로그인이 필요해요.' },
  TOKEN_EXPIRED: { status: 401, text: '로그인이 만료됐어요. 다시 로그인해주세요.' },
  TOKEN_REVOKED: { status: 401, text: '로그인이 만료됐어요. 다시 로그인해주세요.' },
  UNAUTHORIZED: { status: 401, text: '인증이 필요해요.' },
  FORBIDDEN: { status: 403, text: '권한이 없어요.' },
  ORIGIN_REFUSED: { status: 403, text: '허용되지 않은 출처예요.' },
  IDEMPOTENCY_KEY_INVALID: { status: 400, text: '요청 키(Idempotency-Key) 형식이 올바르지 않아요.' },
  IDEMPOTENCY_MISMATCH: { status: 422, text: '같은 요청 키로 다른 내용을 보낼 수 없어요.' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, text: '같은 요청을 처리하고 있어요. 잠시 후 다시 시도해주세요.' },
  // ── Sign-up, login, password reset, social login ──
  EMAIL_TAKEN: { status: 409, text: '이미 가입된 이메일이에요.' },
  CODE_MISMATCH: { status: 400, text: (p: { purpose: CodePurpose }) => `${josa(CODE_NAME[p.purpose], '이/가')} 올바르지 않아요.` },
  CODE_EXPIRED: { status: 400, text: (p: { purpose: CodePurpose }) => `${josa(CODE_NAME[p.purpose], '이/가')} 만료됐거나 이미 사용됐어요. 새 ${josa(CODE_NAME[p.purpose], '을/를')} 요청해주세요.` },
  CODE_LOCKED: { status: 400, text: (p: { purpose: CodePurpose }) => `${josa(CODE_NAME[p.purpose], '을/를')} 5번 잘못 입력했어요. 새 ${josa(CODE_NAME[p.purpose], '을/를')} 요청해주세요.` },
  EMAIL_NOT_VERIFIED: { status: 400, text: '이메일 인증을 먼저 완료해주세요.' },
  NAME_REQUIRED: { status: 400, text: '이름을 입력해주세요.' },
  LOGIN_FAILED: { status: 401, text: '로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.' },
  LOGIN_CODE_REQUIRED: { status: 401, text: '새 기기에서 로그인하려면 이메일로 보낸 인증번호를 입력해주세요.' },
  LOGIN_LOCKED: { status: 429, text: (p: { minutes: number }) => `로그인 시도가 너무 많아요. ${p.minutes}분 뒤에 다시 시도해주세요.` },
  MAIL_FAILED: { status: 502, text: '인증번호 메일을 보내지 못했어요. 잠시 후 다시 시도해주세요.' },
  SOCIAL_CODE_INVALID: { status: 401, text: '소셜 로그인 정보가 만료됐거나 이미 사용됐어요. 다시 로그인해주세요.' },
  SUSPENDED: { status: 403, text: (p: SuspensionParams = {}) => suspensionText(p) },
  /** Issue #31 item 6: a signed-in member's token after a suspension — what happened, never "로그인이 만료됐어요". */
  ACCOUNT_SUSPENDED: { status: 401, text: (p: SuspensionParams = {}) => suspensionText(p) },
  /** Issue #31 item 6: a token of a deleted account (another device, after 회원 탈퇴). */
  ACCOUNT_DELETED: { status: 401, text: '탈퇴가 완료되었어요.' },
  CONSENT_REQUIRED: { status: 400, text: (p: { missing: readonly string[] }) => consentMissingMessage(p.missing) },
  // ── The member's account ──
  USER_NOT_FOUND: { status: 404, text: '회원을 찾을 수 없어요.' },
  INVALID_PROFILE_IMAGE: { status: 400, text: "'프로필 사진'(profileImage)은 직접 올린 이미지나 기본 아바타만 고를 수 있어요." },
  WRONG_PASSWORD: { status: 403, text: '비밀번호가 올바르지 않아요.' },
  PASSWORD_REQUIRED: { status: 400, text: '비밀번호를 입력해주세요.' },
  CONFIRM_REQUIRED: { status: 400, text: (p: { word: string }) => `탈퇴하려면 '${p.word}'${josa.pick(p.word, '을/를')} 입력해주세요.` },
  // ── Blocks ──
  SELF: { status: 400, text: '자기 자신은 차단할 수 없어요.' },
  // ── Images ──
  NOT_AN_IMAGE: { status: 400, text: '이미지 파일만 올릴 수 있어요.' },
  NOT_MULTIPART: { status: 415, text: '이미지 파일만 올릴 수 있어요.' },
  FILE_TOO_LARGE: { status: 413, text: '이미지는 5MB 이하만 올릴 수 있어요.' },
  INVALID_IMAGE: { status: 400, text: '이미지를 읽을 수 없어요. 손상되지 않은 이미지 파일을 올려주세요.' },
  NO_FILE: { status: 400, text: '올릴 이미지 파일(image)을 보내주세요.' },
  BAD_MULTIPART: { status: 400, text: '이미지 파일을 올려주세요.' },
  // ── 안전 공유 ──
  MATCH_NOT_FOUND: { status: 404, text: '매칭을 찾을 수 없어요.' },
  SHARE_NOT_PARTICIPANT: { status: 403, text: '내 약속만 공유할 수 있어요.' },
  NOT_SHAREABLE: { status: 409, text: '수락되거나 확정된 약속만 공유할 수 있어요.' },
  MEAL_OVER: { status: 409, text: '이미 끝난 약속이에요.' },
  LINK_GONE: { status: 404, text: '공유가 끝났거나 없는 링크예요.' },
  // ── Venues ──
  BAD_CATEGORY: { status: 400, text: '음식 종류가 올바르지 않아요.' },
  VENUES_UNAVAILABLE: { status: 502, text: '주변 식당 정보를 불러오지 못했어요. 잠시 후 다시 시도해주세요.' },
  // ── Push ──
  DEVICE_LIMIT: { status: 429, text: '등록할 수 있는 기기 수를 넘었어요.' },
  // ── Meals, chat, board, reviews, reports, notifications (contract-b). One code, one text. ──
  // Schedules
  DATE_OUT_OF_WINDOW: { status: 400, text: '일정은 오늘부터 21일 후까지의 날짜로만 만들 수 있어요.' },
  LIST_DATE_OUT_OF_WINDOW: { status: 400, text: '오늘부터 21일 후까지의 날짜만 볼 수 있어요.' },
  CALENDAR_RANGE: { status: 400, text: '달력은 오늘부터 21일 후까지, 시작일이 종료일보다 늦지 않게 42일 이내로 볼 수 있어요.' },
  PAST_HOUR: { status: 400, text: '지난 시간에는 약속을 만들 수 없어요.' },
  TEXT_REQUIRED: { status: 400, text: '내용을 입력해주세요.' },
  TEXT_TOO_LONG: { status: 400, text: `내용은 ${SCHEDULE_TEXT_MAX}자 이내로 입력해주세요.` },
  PLACE_NAME_REQUIRED: { status: 400, text: '장소 이름을 입력해주세요.' },
  COORDINATES: { status: 400, text: '위도와 경도는 함께 입력해야 해요.' },
  UNKNOWN_CATEGORY: { status: 400, text: '알 수 없는 음식 종류예요.' },
  POSITION_PAIR: { status: 400, text: '위치(lat, lng)는 함께 보내야 하고, 반경(radius)은 위치와 함께만 쓸 수 있어요.' },
  SCHEDULE_NOT_FOUND: { status: 404, text: '일정을 찾을 수 없어요.' },
  NOT_SCHEDULE_OWNER: { status: 403, text: '본인이 만든 일정만 수정할 수 있어요.' },
  /** SPEC §8 quotes this text verbatim. */
  SCHEDULE_DELETE_FORBIDDEN: { status: 403, text: '일정 삭제에 실패했습니다. 본인이 만든 일정만 삭제할 수 있습니다.' },
  CAPACITY_BELOW_PARTICIPANTS: { status: 409, text: '현재 참여 인원보다 적은 인원으로 줄일 수 없어요.' },
  /** SPEC §8 quotes this text verbatim. */
  NO_MATCH_AVAILABLE: { status: 404, text: '현재 매칭 가능한 상대가 없습니다.' },
  // Matches
  /** SPEC §5 / UI-TEXT quote this text verbatim. */
  OWN_SCHEDULE: { status: 400, text: '자신이 만든 일정에는 매칭을 신청할 수 없습니다.' },
  /** UI-TEXT "Server text answers" quotes this text verbatim. */
  ALREADY_REQUESTED: { status: 409, text: '이미 신청한 일정입니다.' },
  BLOCKED: { status: 403, text: '요청을 보낼 수 없는 회원이에요.' },
  NOT_INVITED_AGAIN: {
    status: 409,
    text: (p: { by?: 'reject' | 'cancel' } = {}) => (p.by === 'cancel' ? '호스트가 취소한 약속이라 다시 신청할 수 없어요.' : '호스트가 거절한 약속이라 다시 신청할 수 없어요.'),
  },
  REQUEST_LIMIT: { status: 409, text: (p: { max: number }) => `한 약속에는 신청을 취소한 뒤 ${p.max}번까지만 다시 신청할 수 있어요.` },
  SCHEDULE_PAST: { status: 409, text: '지난 일정에는 신청할 수 없어요.' },
  SCHEDULE_FULL: { status: 409, text: '모집 인원이 모두 찼어요.' },
  MEAL_STARTED: {
    status: 409,
    text: (p: { action?: 'delete' | 'cancel' } = {}) =>
      p.action === 'delete' ? '이미 시작된 약속은 삭제할 수 없어요.' : p.action === 'cancel' ? '이미 시작된 약속은 취소할 수 없어요.' : '이미 시작된 약속이에요.',
  },
  NOT_HOST: { status: 403, text: '일정을 만든 사람만 매칭 요청을 처리할 수 있어요.' },
  NOT_MATCH_PARTICIPANT: { status: 403, text: '본인의 약속이 아니에요.' },
  ILLEGAL_TRANSITION: {
    status: 409,
    text: (p: { action?: 'accept' | 'reject' | 'confirm' | 'cancel' } = {}) =>
      p.action === 'accept'
        ? '대기 중인 요청만 수락할 수 있어요.'
        : p.action === 'reject'
          ? '대기 중인 요청만 거절할 수 있어요.'
          : p.action === 'confirm'
            ? '수락된 요청만 확정할 수 있어요.'
            : '수락되거나 확정된 약속만 취소할 수 있어요.',
  },
  NOT_ENDED: { status: 409, text: '끝난 요청만 목록에서 삭제할 수 있어요. 대기 중인 요청은 거절하거나 신청을 취소해주세요.' },
  NOT_CONFIRMED: { status: 409, text: '확정된 약속에서만 할 수 있어요.' },
  ARRIVAL_WINDOW: { status: 409, text: (p: { minutes: number }) => `도착 알림은 약속 시간 ${p.minutes}분 전부터 ${p.minutes}분 후까지 보낼 수 있어요.` },
  ATTENDANCE_WINDOW: { status: 409, text: (p: { days: number }) => `참석 여부는 약속 시간부터 ${p.days}일 동안 남길 수 있어요.` },
  TOO_EARLY: { status: 409, text: (p: { when: string }) => `${p.when}부터 알려주실 수 있어요.` },
  PARTNER_CHECKED_IN: { status: 409, text: '상대방이 도착 확인을 했어요. 노쇼로 알릴 수 없어요.' },
  NO_MARK: { status: 409, text: '회원님에 대한 노쇼 기록이 없어요.' },
  DISPUTE_WINDOW: { status: 409, text: (p: { hours: number }) => `노쇼 기록에는 기록된 뒤 ${p.hours}시간 안에만 이의를 제기할 수 있어요.` },
  ALREADY_DISPUTED: { status: 409, text: '이미 이의를 제기했어요.' },
  NOT_AGREED: { status: 409, text: '수락되거나 확정된 약속만 캘린더에 추가할 수 있어요.' },
  // Chat
  CHAT_FORBIDDEN: { status: 403, text: '채팅에 참여할 수 없는 약속이에요.' },
  CHAT_CONTENT_LENGTH: { status: 400, text: `메시지는 ${CHAT_CONTENT_MIN}자 이상 ${CHAT_CONTENT_MAX}자 이하로 입력해주세요.` },
  CHAT_CLOSED: { status: 409, text: '취소된 약속이에요.' },
  CHAT_BLOCKED: { status: 409, text: '메시지를 보낼 수 없는 회원이에요.' },
  CHAT_READ_ONLY: { status: 409, text: '약속이 끝나고 하루가 지나서 더 이상 메시지를 보낼 수 없어요.' },
  CLIENT_ID_REUSED: { status: 409, text: '이미 다른 대화에서 쓴 메시지 번호예요. 새로 보내주세요.' },
  // The table (a meal's host and seated guests) and its chat
  TABLE_NOT_FOUND: { status: 404, text: '약속을 찾을 수 없어요.' },
  NOT_TABLE_MEMBER: { status: 403, text: '이 약속의 채팅에 참여하고 있지 않아요.' },
  // Reviews
  NOT_PARTICIPANT: { status: 403, text: '매칭에 참여한 회원만 리뷰를 작성할 수 있어요.' },
  REVIEW_NOT_CONFIRMED: { status: 409, text: '확정된 약속에만 리뷰를 작성할 수 있어요.' },
  WRONG_REVIEWEE: { status: 400, text: '리뷰 대상은 매칭 상대방이어야 해요.' },
  ALREADY_REVIEWED: { status: 409, text: '이미 리뷰를 작성했어요.' },
  REVIEW_TOO_EARLY: { status: 409, text: (p: { when: string }) => `${p.when}부터 후기를 쓸 수 있어요.` },
  REVIEW_NOT_FOUND: { status: 404, text: '리뷰를 찾을 수 없어요.' },
  NOT_REVIEWEE: { status: 403, text: '내가 받은 리뷰만 삭제할 수 있어요.' },
  // Notifications
  CURSOR_AND_BEFORE: { status: 400, text: '목록 위치는 cursor 또는 before 중 하나만 보내주세요.' },
  READ_BODY: { status: 400, text: '읽음 처리할 알림(ids) 또는 전체(all: true) 중 하나만 보내주세요.' },
  // Reports and moderation
  REPORT_TARGET_NOT_FOUND: { status: 404, text: '신고할 대상을 찾을 수 없어요.' },
  REPORT_SELF: { status: 400, text: '자신이나 자신의 글은 신고할 수 없어요.' },
  ALREADY_REPORTED: { status: 409, text: '이미 신고한 내용이에요.' },
  REPORT_NOT_FOUND: { status: 404, text: '신고를 찾을 수 없어요.' },
  /** Issue #32 item 1: `POST /api/reports/appeal` of content that is not hidden or not the caller's. */
  APPEAL_TARGET_NOT_FOUND: { status: 404, text: '이의를 제기할 숨겨진 내용을 찾을 수 없어요.' },
  ALREADY_APPEALED: { status: 409, text: '이미 이의를 제기했어요. 운영진이 확인하고 알려드릴게요.' },
  APPEAL_NOTE_REQUIRED: { status: 400, text: '이의 제기 내용을 입력해주세요.' },
  NOT_HIDEABLE: { status: 400, text: '회원은 숨길 수 없어요. 정지를 선택해주세요.' },
  NO_AUTHOR: { status: 400, text: '작성자가 없는 내용이라 정지할 수 없어요.' },
  SUSPEND_SELF: { status: 400, text: '자기 자신은 정지할 수 없어요.' },
  // Board
  TITLE_CONTENT_REQUIRED: { status: 400, text: '제목과 내용을 모두 입력해주세요.' },
  TITLE_TOO_LONG: { status: 400, text: (p: { max: number }) => `제목은 ${p.max}자 이하로 입력해주세요.` },
  CONTENT_TOO_LARGE: { status: 400, text: '내용이 너무 길어요. (최대 20KB)' },
  POST_NOT_FOUND: { status: 404, text: '게시글을 찾을 수 없어요.' },
  NOT_AUTHOR: { status: 403, text: '본인이 작성한 게시글만 수정하거나 삭제할 수 있어요.' },
  COMMENT_REQUIRED: { status: 400, text: '댓글 내용을 입력해주세요.' },
  COMMENT_TOO_LONG: { status: 400, text: (p: { max: number }) => `댓글은 ${p.max}자 이하로 입력해주세요.` },
  COMMENT_NOT_FOUND: { status: 404, text: '댓글을 찾을 수 없어요.' },
  NOT_COMMENT_AUTHOR: { status: 403, text: '본인이 작성한 댓글만 수정하거나 삭제할 수 있어요.' },
  SEARCH_TOO_LONG: { status: 400, text: (p: { max: number }) => `검색어는 ${p.max}자 이하로 입력해주세요.` },
} as const satisfies Record<string, ErrorEntry>;

/** Sample parameters of the texts that take some, for the OpenAPI document (common/api/operation.ts). */
export const ERROR_SAMPLES: Partial<Record<ErrorCode, unknown>> = {
  VALIDATION: { field: 'latitude', problem: 'invalid' },
  CODE_MISMATCH: { purpose: 'verify' },
  CODE_EXPIRED: { purpose: 'verify' },
  CODE_LOCKED: { purpose: 'verify' },
  LOGIN_LOCKED: { minutes: 15 },
  SUSPENDED: { until: '2026-12-03T06:00:00Z', reason: '욕설·비하', contact: 'help@example.com' },
  ACCOUNT_SUSPENDED: { until: '2026-12-03T06:00:00Z', reason: '욕설·비하', contact: 'help@example.com' },
  CONSENT_REQUIRED: { missing: ['이용약관 동의'] },
  CONFIRM_REQUIRED: { word: '탈퇴' },
  REQUEST_LIMIT: { max: 2 },
  ARRIVAL_WINDOW: { minutes: 30 },
  ATTENDANCE_WINDOW: { days: 7 },
  TOO_EARLY: { when: '오후 9:30' },
  DISPUTE_WINDOW: { hours: 72 },
  TITLE_TOO_LONG: { max: 100 },
  COMMENT_TOO_LONG: { max: 500 },
  SEARCH_TOO_LONG: { max: 50 },
  REVIEW_TOO_EARLY: { when: '오후 8:30' },
};

/** Every machine code the server answers. */
export type ErrorCode = keyof typeof ERRORS;

/** The codes, in catalogue order (for the `ErrorBody.code` enum and the tests). */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The parameters a code's text takes (`undefined` when its text is fixed). */
export type ErrorParams<C extends ErrorCode> = (typeof ERRORS)[C]['text'] extends (p: infer P) => string ? P : undefined;

/** Codes whose text needs parameters (the others take none). */
export type ParamCode = { [C in ErrorCode]: (typeof ERRORS)[C]['text'] extends (p: infer P) => string ? (undefined extends P ? never : C) : never }[ErrorCode];

/** The Korean text of `code` with its parameters. */
export function errorText<C extends ErrorCode>(code: C, params?: ErrorParams<C>): string {
  const text = ERRORS[code].text as string | ((p: unknown) => string);
  return typeof text === 'function' ? text(params) : text;
}

/** The HTTP status of `code`. */
export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** Whether a string is a code of the catalogue. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}
