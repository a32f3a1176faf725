/**
 * The Korean catalogue (issue #29 item 4): every text a member reads, organised by screen
 * (UI-TEXT.md is the source), for the client (`@/i18n/ko`, an alias of this folder) and the server
 * (notifications, pushes, mails, link previews, calendar files). No Korean literal elsewhere in
 * src/, server/ or common/ (server/voice.test.ts scans it); the server's error texts live in
 * common/errors.ts. 해요체 throughout, except the texts SPEC.md quotes verbatim; `{x}`
 * placeholders are filled with `format`, names and places take their particle from es-hangul's
 * `josa`, with no space before it.
 *
 * The first screen's strings (the shell and the page names) are written in ./shell.ts, which the
 * first render imports instead of this file (issue #18 item 8), and the notification texts in
 * ./notices.ts (the service worker's too), the home page's in ./home.ts and the match statuses' in
 * ./match-status.ts (issue #33 item 1: the home page does not load this file); the sections here take them from there, so `ko` is still
 * the whole vocabulary.
 */

import { ko as notices } from './notices.ts';
import { ko as home } from './home.ts';
import { ko as matchStatus } from './match-status.ts';
import { ko as shell } from './shell.ts';

export { format } from './format.ts';

export const ko = {
  app: shell.app,

  feedback: shell.feedback,

  nav: shell.nav,

  /** Placeholder headings of screens that later issues build. */
  screens: {
    matching: '매칭',
    schedule: '일정',
    board: '게시판',
    recommend: shell.screens.recommend,
    activity: '활동 내역',
    chat: shell.screens.chat,
    writeReview: '리뷰 작성',
    myReviews: '내가 받은 리뷰',
    profileSetup: '프로필 설정',
  },

  home: home.home,

  auth: {
    email: '이메일',
    password: '비밀번호',
    remember: '로그인 상태 유지',
    login: shell.auth.login,
    kakao: '카카오로 로그인',
    naver: '네이버로 로그인',
    forgotPassword: '비밀번호 찾기',
    register: '회원가입',
    modeTabs: '로그인 또는 회원가입',
    // register
    name: '이름',
    sendCode: '인증번호 전송',
    code: '인증번호',
    /** Issue #32 item 4 (UI-TEXT "Login code"). */
    loginCodeRequired: '새 기기에서 로그인하려면 이메일로 보낸 인증번호를 입력해주세요.',
    confirmCode: '인증 확인',
    verified: '이메일 인증이 완료됐어요.',
    codeSent: '인증번호를 이메일로 보냈어요.',
    /** Issue #31 item 6: a typo in the e-mail is fixed after the code was sent. */
    changeEmail: '이메일 변경',
    resend: '인증번호 재전송',
    resendIn: '{seconds}초 후 재전송',
    resent: '인증번호를 다시 보냈어요.',
    submitRegister: '가입하기',
    backToLogin: '로그인으로 돌아가기',
    // forgot password
    forgotHeading: '비밀번호 찾기',
    sendResetCode: '재설정 코드 전송',
    resetCode: '재설정 코드',
    newPassword: '새 비밀번호',
    changePassword: '비밀번호 변경',
    resetSent: '비밀번호 재설정 코드를 이메일로 보냈어요.',
    passwordChanged: '비밀번호가 변경됐어요. 새 비밀번호로 로그인해주세요.',
    // oauth
    oauthProcessing: '로그인 처리 중입니다...',
    // messages
    enterEmailAndPassword: '이메일과 비밀번호를 입력해주세요.',
    loginError: '로그인 처리 중 오류가 생겼어요.',
    loginFailed: '로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.',
    verifyFirst: '이메일 인증을 먼저 완료해주세요.',
    fillAll: '모든 항목을 입력해주세요.',
    enterEmailFirst: '이메일을 먼저 입력해주세요.',
    enterCode: '인증번호를 입력해주세요.',
    registerFailed: '회원가입 실패: {message}',
    registerError: '회원가입 중 오류가 생겼어요.',
    sendCodeFailed: '인증번호 전송에 실패했어요. 이메일을 확인해주세요.',
    codeIncorrect: '인증번호가 올바르지 않아요.',
    /** The name of a social member whose provider gave none (server/modules/oauth/service.ts). */
    socialFallbackName: { kakao: '카카오 회원', naver: '네이버 회원' },
    oauthFailed: '로그인에 실패했어요.',
    passwordHint: '8자 이상 입력해주세요.',
  },

  setup: {
    heading: shell.setup.heading,
    stepCounter: '{step} / {total} 단계',
    stepGender: '성별',
    stepNameAge: '이름과 나이',
    stepPreferences: '음식 취향',
    stepImage: '프로필 사진',
    prev: '이전',
    next: '다음',
    finish: '가입 완료',
    male: '남성',
    female: '여성',
    name: '이름',
    age: '나이',
    selectGender: '성별을 선택해주세요.',
    enterNameAge: '이름과 나이를 입력해주세요.',
    selectPreference: '선호하는 음식을 1개 이상 선택해주세요.',
    done: '프로필 설정이 완료됐어요. 밥상친구를 시작해보세요!',
    failed: '프로필 저장에 실패했어요. 다시 시도해주세요.',
    upload: '프로필 사진 업로드',
    uploadFile: '프로필 사진 파일',
    uploadHint: '사진을 눌러 업로드하거나 기본 캐릭터를 골라주세요.',
    defaultAvatars: '기본 캐릭터',
    preview: '프로필 사진 미리보기',
  },

  /** Default avatar labels by id (common/domain/vocabulary.ts DEFAULT_AVATARS). */
  avatars: { bear: '곰', duck: '오리', rabbit: '토끼', frog: '개구리' },

  profile: {
    heading: shell.profile.heading,
    email: '이메일',
    name: '이름',
    age: '나이',
    bio: '자기소개',
    preferences: '선호 음식',
    image: '프로필 사진',
    /** Issue #31 item 2: the 동네 distance is measured from on 매칭 when no position is shared. */
    neighbourhood: '동네',
    neighbourhoodNone: '선택 안 함',
    neighbourhoodHint: '위치를 공유하지 않을 때 매칭에서 이 동네를 기준으로 거리를 재요. 다른 회원에게는 보이지 않아요.',
    save: '저장',
    cancel: '취소',
    saved: '저장했어요.',
    saveFailed: '저장에 실패했어요. 다시 시도해주세요.',
    credentialsExpired: '인증 정보가 만료됐어요. 다시 로그인해주세요.',
    uploadFailed: '이미지 업로드에 실패했어요.',
    imagesOnly: '이미지 파일만 업로드할 수 있어요.',
    uploading: '업로드 중...',
    loading: '불러오는 중...',
  },

  vocabulary: {
    foodCategories: ['한식', '중식', '일식', '양식', '분식', '카페', '기타'],
    preferences: ['한식', '중식', '일식', '양식', '분식', '매운맛 러버', '맵찔이', '채식 지향', '육식 지향'],
    boardTags: ['점심', '저녁', '모임', '맛집', '일상', '주말', '중식', '양식', '카페'],
    matchStatus: matchStatus.matchStatus,
    ratingNA: '아직 없어요',
  },

  rating: home.rating,

  dates: {
    monthDay: '{month}월 {day}일',
    yearMonthDay: '{year}년 {month}월 {day}일',
    hasSchedule: '일정 있음',
  },

  /** Shared bits of lists that load from the server. */
  lists: {
    loading: '불러오는 중...',
    loadFailed: '불러오지 못했어요',
    loadFailedHint: '연결을 확인하고 다시 시도해주세요.',
    retry: '다시 시도',
    /** Shown above a list whose refetch failed while older data is still on screen. */
    staleFailed: '새로 불러오지 못했어요. 마지막으로 받은 내용이에요.',
    /** The 더 보기 of a paged list (src/components/ui/load-more.tsx, issue #19 item 1). */
    more: '더 보기',
    loadingMore: '더 불러오는 중...',
    moreFailed: '다음 목록을 불러오지 못했어요.',
  },

  /**
   * Form field errors built from the schema (src/lib/forms/korean-resolver.ts, issue #14). The
   * label comes with its particle chosen by josa: `{object}` "비밀번호를", `{topic}` "비밀번호는",
   * `{subject}` "비밀번호가".
   */
  forms: {
    enter: '{object} 입력해주세요.',
    minLength: '{topic} {n}자 이상이어야 해요.',
    maxLength: '{topic} {n}자까지 쓸 수 있어요.',
    range: '{topic} {min}부터 {max}까지 입력할 수 있어요.',
    minimum: '{topic} {min} 이상이어야 해요.',
    maximum: '{topic} {max} 이하여야 해요.',
    email: '이메일 주소 형식이 올바르지 않아요.',
    format: '{subject} 올바른 형식이 아니에요.',
    maxItems: '{topic} 너무 많이 고를 수 없어요.',
    check: '{object} 확인해주세요.',
    checkInput: '입력값을 확인해주세요.',
  },

  matching: {
    heading: shell.matching.heading,
    calendar: '일정 달력',
    dayList: '{date} 일정 목록',
    dayEmpty: '이 날짜에 등록된 일정이 없어요.',
    profileButton: '{name} 프로필',
    noPreferences: '등록된 선호 음식이 없어요.',
    capacity: '{current}/{capacity}명',
    full: '마감',
    requested: '신청함',
    alreadyRequested: '이미 신청한 일정이에요.',
    /** Issue #28 item 2: the card says where my newest request on the meal stands. */
    myStatus: { PENDING: '신청함', ACCEPTED: '수락됨', CONFIRMED: '확정됨', REJECTED: '거절됨', CANCELLED: '취소됨' },
    mine: '내 일정',
    filterActive: '필터 적용 중',
    distanceLabel: '{distance} 이내',
    selectHint: '일정을 눌러 선택한 뒤 매칭을 신청하세요.',
    prevMonth: '이전 달',
    nextMonth: '다음 달',
    filter: '필터',
    randomMatch: '랜덤 매칭',
    requestMatch: '매칭 신청',
    foodType: '음식 종류',
    distance: '거리',
    apply: '적용',
    cancel: '취소',
    preferences: '선호 음식',
    averageRating: '평균 평점',
    confirmRequest: '이 일정에 매칭을 신청할까요?',
    ownSchedule: '자신이 만든 일정에는 매칭을 신청할 수 없습니다.',
    selectSchedule: '매칭을 신청할 일정을 선택해주세요.',
    requestFailed: '매칭 신청 실패: {message}',
    requestError: '매칭 신청 중 오류가 생겼어요. 다시 시도해주세요.',
    noPartner: '현재 매칭 가능한 상대가 없습니다.',
    randomFailed: '랜덤 매칭 실패: {message}',
    randomError: '랜덤 매칭 중 오류가 생겼어요.',
  },

  schedule: {
    heading: shell.schedule.heading,
    map: '지도',
    mapLoading: '지도를 불러오는 중...',
    zoomIn: '지도 확대',
    zoomOut: '지도 축소',
    mapUnavailable: '지도를 표시할 수 없어요. 아래 목록에서 식당을 선택해주세요.',
    filterPanel: '식당 필터',
    filterButton: '필터',
    foodType: '음식 종류',
    distance: '거리',
    venuesEmpty: '주변에 표시할 식당이 없어요.',
    venueChosen: '선택한 식당',
    noVenueChosen: '지도나 목록에서 식당을 고르면 일정 내용이 자동으로 채워져요.',
    clearVenue: '선택 해제',
    calendar: '내 일정 달력',
    selectDate: '일정을 추가할 날짜를 선택해주세요.',
    selectedDate: '선택한 날짜: {date}',
    dayDialog: '{date} 일정',
    dayEmpty: '이 날짜에 등록된 일정이 없어요.',
    date: '날짜',
    place: '장소',
    placeHint: '지도에서 식당을 고르지 않았다면 만날 장소를 입력해주세요.',
    category: '음식 종류',
    decrease: '인원 줄이기',
    increase: '인원 늘리기',
    peopleCount: '{n}명',
    capacity: '{current}/{capacity}명',
    enterText: '내용을 입력해주세요.',
    enterPlace: '장소를 입력하거나 지도에서 식당을 선택해주세요.',
    added: '일정을 추가했어요.',
    editTitle: '일정 수정',
    updated: '일정을 수정했어요.',
    updateFailed: '일정 수정에 실패했어요.',
    deleted: '일정을 삭제했어요.',
    minParticipants: '현재 참여 인원({n}명)보다 줄일 수 없어요.',
    add: '일정 추가',
    edit: '수정',
    delete: '삭제',
    participants: '인원',
    time: '시간',
    text: '내용',
    save: '저장',
    nearby: '주변 식당',
    mine: '내 일정',
    defaultText: '{venue} 에서 {category} 약속',
    confirmDelete: '일정을 삭제할까요?',
    /** Issue #28 item 3: deleting a meal with accepted or confirmed guests cancels it for them, with a reason. */
    deleteTitle: '일정을 삭제할까요?',
    deleteGuestsNotice: '수락한 참여자의 약속이 취소되고 취소 알림이 가요.',
    deleteSubmit: '일정 삭제',
    /** Issue #28 item 4: moving a meal. */
    moveNotice: '날짜, 시간이나 장소를 바꾸면 수락한 참여자에게 알림이 가요.',
    useChosenVenue: '선택한 식당으로 바꾸기',
    addFailed: '일정 추가에 실패했습니다.',
    deleteFailed: '일정 삭제에 실패했습니다. 본인이 만든 일정만 삭제할 수 있습니다.',
    loginFirst: '로그인 후 이용해주세요',
    /** Issue #31 item 3: a venue's sheet (a pin tap or a list choice) and its primary action. */
    venueAddress: '주소',
    createHere: '이 식당으로 약속 만들기',
    sheetDate: '{date} 약속으로 만들어요. 다른 날은 달력에서 먼저 골라주세요.',
    /** Issue #15: today's hours that have started are not offered. */
    noHoursToday: '오늘은 더 이상 약속을 만들 수 없어요. 다른 날을 골라주세요.',
  },

  /** Issue #30: who is coming to a meal (faces on the meal card and in the chat header). */
  table: {
    faces: '함께하는 멤버',
    openProfile: '{name}님 프로필 보기',
    host: '호스트',
    count: '{n}명 참여 중',
    more: '외 {n}명',
    profileError: '프로필을 불러오지 못했어요.',
    averageRating: '평균 평점',
    /** "{place} 모임 (N명)": a table conversation's title. */
    title: '{place} 모임 ({n}명)',
  },

  /** Issue #30 item 4: 채팅, every conversation of the member. */
  chats: {
    /** The chat list's time of a message under a minute old. */
    justNow: '방금',
    /** The chat list's time of a message under an hour old (n ≥ 1, whole minutes). */
    minutesAgo: '{n}분 전',
    /** The chat list's time of a message under a day old (whole hours). */
    hoursAgo: '{n}시간 전',
    /** The chat list's time of a message within the week (whole days). */
    daysAgo: '{n}일 전',
    /** The chat list's date of a message older than a week. */
    monthDay: '{month}월 {day}일',
    heading: shell.screens.chats,
    empty: '아직 대화가 없어요. 식사 약속이 잡히면 여기에서 이야기할 수 있어요.',
    findMeal: '식사 약속 찾기',
    unread: '읽지 않은 메시지 {n}개',
    mute: '알림 끄기',
    unmute: '알림 켜기',
    muted: '알림 꺼짐',
    mutedToast: '이 대화의 알림을 껐어요.',
    unmutedToast: '이 대화의 알림을 켰어요.',
    muteError: '알림 설정을 바꾸지 못했어요.',
    noMessage: '아직 메시지가 없어요',
    system: '알림',
    photo: '사진',
    /** 1:1 title: "국밥집 · 김철수". */
    matchTitle: '{place} · {name}',
  },

  /** A member's reliability figures wherever one member is shown to another (issue #15). */
  memberStats: {
    line: '식사 {meals}회 · 노쇼 {noShows} · 늦은 취소 {lateCancels}',
    label: '신뢰도',
  },

  activity: {
    heading: shell.activity.heading,
    sentTile: '보낸 요청',
    receivedTile: '받은 요청',
    ratingTile: '내 평점',
    receivedList: '받은 매칭 요청',
    sentList: '보낸 매칭 요청',
    accept: '수락',
    reject: '거절',
    confirm: '확정',
    chat: '채팅',
    writeReview: '리뷰 쓰기',
    delete: '삭제',
    receivedEmpty: '받은 매칭 요청이 없어요.',
    sentEmpty: '보낸 요청이 없어요.',
    acceptError: '매칭 수락 중 오류가 생겼어요.',
    rejectError: '매칭 거절 중 오류가 생겼어요.',
    confirmError: '매칭 확정 중 오류가 생겼어요.',
    deleteError: '매칭 삭제 중 오류가 생겼어요.',
    confirmDelete: '매칭을 삭제할까요?',
    // Issue #15, the meal lifecycle.
    withdraw: '신청 취소',
    removeFromList: '목록에서 숨기기',
    confirmWithdraw: '매칭 신청을 취소할까요?',
    confirmRemove: '이 약속을 내 목록에서 숨길까요? 상대방의 목록에는 그대로 남아요.',
    withdrawn: '매칭 신청을 취소했어요.',
    removed: '목록에서 숨겼어요.',
    cancel: '약속 취소',
    calendar: '캘린더에 추가',
    calendarError: '캘린더 파일을 받지 못했어요. 잠시 후 다시 시도해주세요.',
    waitlisted: matchStatus.waitlisted,
    full: '마감',
    cancelledByHost: '호스트가 취소했어요',
    cancelledByRequester: '신청자가 취소했어요',
    arrived: '도착했어요',
    arrivedDone: '도착을 알렸어요.',
    arrivedError: '도착을 알리지 못했어요.',
    arrivedAt: '도착을 알렸어요',
    partnerArrived: '상대방이 도착했어요',
    attendanceQuestion: '상대방이 약속 장소에 나왔나요?',
    attended: '나왔어요',
    absent: '안 나왔어요',
    attendanceSaved: '답변을 저장했어요.',
    changeAnswer: '답변 바꾸기',
    attendanceError: '답변을 저장하지 못했어요.',
    cancelError: '약속을 취소하지 못했어요.',
    // Issue #28: reject is a dialog of its own; hide only on ended requests; past meals; absence marks.
    confirmReject: '이 매칭 신청을 거절할까요? 상대방에게 거절 알림이 가요.',
    withdrawError: '매칭 신청을 취소하지 못했어요.',
    hideError: '목록에서 숨기지 못했어요.',
    upcomingList: '다가오는 약속',
    pastList: '지난 약속',
    pastEmpty: '지난 약속이 없어요.',
    asHost: '내가 연 약속',
    asGuest: '내가 신청한 약속',
    cancelReason: '사유: {reason}',
    scheduleChanged: '호스트가 약속 시간이나 장소를 바꿨어요',
    absentOpensAt: '{time}부터 알려주실 수 있어요.',
    partnerCheckedIn: '상대방이 도착 확인을 했어요. 노쇼로 알릴 수 없어요.',
    markedAbsent: '상대방이 회원님이 오지 않았다고 알렸어요.',
    disputeUntil: '{time}까지 이의를 제기할 수 있어요.',
    disputed: '이의 제기됨 · 검토 중',
    disputeUpheld: '이의 제기 결과: 노쇼로 기록됐어요',
    disputeRemoved: '이의 제기 결과: 노쇼 기록이 지워졌어요',
    /** The reason older servers stored for a host's delete without one: not shown as a reason (issue #28 item 3). */
    hostDeleteReason: '호스트가 일정을 취소했어요.',
  },

  /** Issue #28 item 1: answering an absence mark (UI-TEXT.md "Dispute"). */
  dispute: {
    open: '이의 제기',
    title: '이의 제기',
    notice: '저는 약속 장소에 있었어요',
    hint: '운영진이 확인하는 동안 이 기록은 노쇼로 세지 않아요.',
    note: '설명 (선택)',
    noteName: '설명',
    counter: '{n}/{max}자',
    submit: '이의 제기',
    keep: '돌아가기',
    done: '이의를 접수했어요. 운영진이 확인할게요.',
    error: '이의를 제기하지 못했어요.',
  },

  /** Issue #28 item 1: the member's own absence marks on 내 정보. */
  absences: {
    heading: '노쇼 기록',
    intro: '상대방이 회원님이 오지 않았다고 알린 약속이에요.',
    empty: '노쇼 기록이 없어요.',
    markedBy: '{name}님이 알림',
    counted: '노쇼로 집계돼요',
    notCounted: '집계되지 않아요',
  },

  /** The cancel dialog (issue #15, UI-TEXT.md "Cancel dialog"). */
  cancelMatch: {
    title: '약속을 취소할까요?',
    notice: '상대방에게 취소 알림이 가요.',
    reason: '취소 사유 (선택)',
    reasonName: '취소 사유',
    /** The reasons offered (common/domain/match-status.ts `CANCEL_REASONS`). */
    reasons: matchStatus.cancelReasons,
    custom: '직접 입력',
    customLabel: '취소 사유 직접 입력',
    submit: '약속 취소',
    keep: '돌아가기',
    done: '약속을 취소했어요.',
    /** Issue #28 item 3, said before the member confirms (the wording). */
    lateWarning: '지금 취소하면 늦은 취소로 기록돼요. (최근 180일 동안 프로필에 표시)',
  },

  /** Live notifications, pushes and the inbox's lines (./notices.ts; server and service worker read them too). */
  notifications: notices.notifications,

  /** The notification inbox and the top bar's bell (issue #16). */
  inbox: {
    heading: shell.inbox.heading,
    bell: '알림',
    bellUnread: '알림 {n}개 읽지 않음',
    list: '알림 목록',
    unread: '읽지 않음',
    markAllRead: '모두 읽음',
    empty: '새 알림이 없어요.',
    more: '더 보기',
    markFailed: '알림을 읽음으로 바꾸지 못했어요. 다시 시도해주세요.',
    /** Issue #32 item 1: a content_hidden item's 이의 제기 (once) and its dialog. */
    appeal: {
      open: '이의 제기',
      title: '이의 제기',
      notice: '숨겨진 내용을 다시 확인해 달라고 요청해요',
      hint: '이의 제기는 한 번만 할 수 있어요. 운영진이 확인하고 결과를 알려드려요.',
      note: '이의 제기 내용',
      noteName: '이의 제기 내용',
      counter: '{n}/{max}자',
      submit: '이의 제기',
      sending: '보내는 중…',
      keep: '돌아가기',
      done: '이의를 접수했어요. 운영진이 확인하고 알려드릴게요.',
      error: '이의를 제기하지 못했어요. 다시 시도해주세요.',
      /** Shown instead of the button once appealed. */
      appealed: '이의를 접수했어요',
    },
  },

  /** Push permission moment on the activity page (issue #7). */
  push: {
    promptTitle: '매칭 소식을 알림으로 받아보세요',
    promptText: '매칭 신청, 수락, 확정과 새 메시지를 바로 알려드려요.',
    enable: '알림 받기',
    enabling: '알림을 켜는 중...',
    later: '나중에',
    enabled: '이제 매칭 소식을 알림으로 받아요.',
    denied: '알림이 허용되지 않았어요. 브라우저 설정에서 언제든 바꿀 수 있어요.',
    failed: '알림을 켜지 못했어요. 잠시 후 다시 시도해주세요.',
  },

  chat: {
    placeholder: '메시지를 입력하세요',
    send: '전송',
    leave: '나가기',
    noOpponent: shell.chat.noOpponent,
    confirmLeave: '채팅방을 나가면 대화 내용이 모두 사라집니다. 나갈까요?',
    /** Issue #15: what leaving does, said before the member confirms. */
    leaveCancels: '나가면 약속이 취소되고 상대방에게 알림이 가요.',
    leaveHides: '대화방이 내 목록에서만 사라져요. 상대방의 대화는 그대로 남아요.',
    leaveAsk: '나가시겠어요?',
    cancelled: '취소된 약속이에요. 메시지를 보낼 수 없어요.',
    left: '채팅방을 나갔어요.',
  },

  /** A table chat's system lines (issue #30; server/modules/chat/public.ts fills them). */
  tableLines: {
    joined: '{name}님이 참여했어요',
    left: '{name}님이 나갔어요',
    time: '약속 시간이 {when} 바뀌었어요',
    place: '약속 장소가 {place} 바뀌었어요',
    both: '약속이 {when}, {place} 바뀌었어요',
    cancelled: '호스트가 약속을 취소했어요',
  },

  /** The live channel's refusals (STOMP ERROR `message`, server/realtime/frames.ts), for people and logs. */
  live: {
    clientId: 'client-id는 UUID여야 해요.',
    malformed: '잘못된 STOMP 프레임이에요.',
    version: '지원하지 않는 STOMP 버전이에요.',
    notConnected: '먼저 CONNECT 프레임을 보내야 해요.',
    unknownDestination: '알 수 없는 목적지예요.',
    slowed: '메시지를 너무 빨리 보내고 있어요. 잠시 천천히 처리할게요.',
    unsupported: '지원하지 않는 명령이에요.',
    tooManySubscriptions: '구독이 너무 많아요.',
    tooManyConnections: '동시에 연결할 수 있는 수를 넘었어요.',
  },

  /** Chat screen labels not fixed by UI-TEXT.md (issue #4). */
  chatView: {
    heading: '{name}님과의 채팅',
    log: '대화 내용',
    me: '나',
    connecting: '연결 중…',
    /** The day separator, a date-fns pattern: "11월 24일 화요일". */
    dayPattern: 'M월 d일 EEEE',
    leaveError: '채팅방을 나가지 못했어요.',
    /** Issue #16 item 7: the meal in the header, older messages loaded upward. */
    meal: '약속',
    loadingOlder: '이전 메시지 불러오는 중…',
    olderError: '이전 메시지를 불러오지 못했어요.',
    /** Issue #16 item 4: a message until the server has it. */
    sending: '보내는 중',
    failed: '전송 실패',
    resend: '다시 보내기',
    /** Issue #30 item 5: the messenger screen. */
    back: '뒤로',
    more: '더보기',
    menu: '채팅 메뉴',
    viewMeal: '약속 보기',
    report: '신고하기',
    copy: '복사',
    copied: '메시지를 복사했어요.',
    messageActions: '메시지 메뉴',
    unread: '읽지 않은 사람 {n}명',
    empty: '아직 메시지가 없어요. 먼저 인사를 건네 보세요!',
    tableEmpty: '모임 채팅이 열렸어요. 함께할 멤버들에게 인사해 보세요!',
    tableTitle: '모임 채팅',
    refused: '보내지 못했어요: {reason}',
    refusedFallback: '보낼 수 없는 메시지예요. 내용을 고쳐 주세요.',
    notMember: '이 모임 채팅에 참여하고 있지 않아요.',
    readOnly: '지난 모임이라 대화를 읽을 수만 있어요.',
    tableLeave: '나가면 이 모임 참여가 취소되고 모임 채팅에서도 나가게 돼요.',
    hostLeave: '호스트는 모임을 나갈 수 없어요. 약속을 취소하려면 내 일정에서 삭제해 주세요.',
    leaveNotFound: '이 모임의 내 신청을 찾지 못했어요.',
  },

  reviews: {
    write: shell.reviews.write,
    rating: '별점',
    comment: '후기',
    submit: '등록',
    done: '리뷰를 등록했어요.',
    noOpponent: '상대방 정보가 없어요. 매칭 내역에서 다시 시도해주세요.',
    missingInfo: '리뷰 작성에 필요한 정보가 없어요.',
    submitError: '리뷰 등록 중 오류가 생겼어요.',
    myHeading: shell.reviews.myHeading,
    empty: '아직 받은 리뷰가 없어요.',
    loadError: '리뷰를 불러오는 중 오류가 생겼어요.',
    deleteError: '리뷰 삭제 중 오류가 생겼어요.',
    confirmDelete: '리뷰를 삭제해도 회원님의 평균 평점은 변경되지 않아요. 삭제할까요?',
  },

  /** Review screens' labels not fixed by UI-TEXT.md (issue #5). */
  reviewForm: {
    starOption: '{rating}점',
    opponent: '리뷰 대상',
    looking: '매칭 정보를 확인하고 있어요...',
    loading: '리뷰를 불러오고 있어요...',
    delete: '삭제',
    deleteNamed: '{name}님의 리뷰 삭제',
    retry: '다시 시도',
    list: '받은 리뷰 목록',
    /** A half-written review kept on this device (issue #14). */
    draftFound: '작성 중이던 리뷰가 있어요.',
    draftResume: '이어쓰기',
    draftDiscard: '새로 쓰기',
    /** Issue #15: before the meal's start, and the attendance question first. */
    tooEarly: '식사가 끝난 뒤에 후기를 남길 수 있어요.',
    /** Issue #28 item 6: reviews open at the meal's end (UI-TEXT.md "Reviews open"). */
    opensAt: '{time}부터 후기를 쓸 수 있어요.',
    backToActivity: '활동 내역으로 돌아가기',
    attendanceQuestion: '상대방이 약속 장소에 나왔나요?',
    attended: '나왔어요',
    absent: '안 나왔어요',
    attendanceError: '답변을 저장하지 못했어요.',
  },

  board: {
    heading: shell.board.heading,
    write: '글쓰기',
    tagFilter: '태그 필터',
    title: '제목',
    content: '내용',
    tags: '태그',
    addressSearch: '주소 검색',
    save: '저장',
    edit: '수정',
    delete: '삭제',
    like: '좋아요',
    views: '조회',
    comments: '댓글',
    writeComment: '댓글 작성',
    titleAndContent: '제목과 내용을 모두 입력해주세요.',
    confirmNoLocation: '위치 정보가 없으면 맛집 추천에 표시되지 않아요. 그래도 저장할까요?',
    enterComment: '댓글 내용을 입력해주세요.',
    confirmDelete: '게시글을 삭제할까요?',
    likeFailed: '좋아요 처리에 실패했어요.',
    saveFailed: '게시글 저장에 실패했어요.',
    deleteFailed: '게시글 삭제에 실패했어요.',
    commentFailed: '댓글 작성에 실패했어요.',
    geocodeFailed: '주소를 좌표로 변환하지 못했어요. 주소를 확인해주세요.',
    mapMissing: '지도 서비스를 불러오지 못했어요. 잠시 후 다시 시도해주세요.',
    postcodeMissing: '현재 우편번호 서비스를 이용할 수 없어요. 잠시 후 다시 시도해주세요.',
    empty: '표시할 게시글이 없어요.',
    noComments: '아직 댓글이 없어요.',
    unknownAuthor: '알 수 없음',
    /** A post being written was kept (issue #14): offered again when the form is reopened. */
    draftOffer: '작성 중이던 글이 있어요. 이어서 쓸까요?',
    draftContinue: '이어쓰기',
    draftDiscard: '새로 쓰기',
    /** The board's paged lists (issue #19). */
    moreComments: '댓글 더 보기',
    moreRecommendations: '추천 더 보기',
    commentsLoading: '댓글을 불러오는 중...',
    commentsFailed: '댓글을 불러오지 못했어요.',
    /** A link to a post that is no longer on the board (`/board?post=12`). */
    postMissing: '게시글을 찾을 수 없어요. 삭제되었을 수 있어요.',
  },

  recommend: {
    empty: '아직 추천 맛집이 없어요. (10점 이상)',
    loadFailed: '데이터 또는 지도 스크립트를 불러오지 못했어요.',
    mapFailed: '지도를 초기화하지 못했어요.',
  },

  /** Board and recommendation screen labels beyond UI-TEXT.md's list (issue #6). */
  boardUi: {
    tagline: '회원들이 직접 다녀온 맛집을 소개하고 함께 이야기해요.',
    newPost: '새 게시글',
    editPost: '게시글 수정',
    apply: '적용',
    cancel: '취소',
    activeFilters: '적용된 태그 필터',
    removeFilter: '{tag} 필터 해제',
    address: '주소',
    pickOnMap: '지도에서 위치 선택',
    pickHint: '지도를 눌러 맛집 위치를 선택하세요.',
    locationSet: '위치를 설정했어요.',
    noLocation: '위치 정보 없음',
    clearLocation: '위치 지우기',
    addressDialog: '주소 검색',
    postList: '게시글 목록',
    author: '작성자',
    likes: '좋아요 {n}',
    views: '조회 {n}',
    commentsCount: '댓글 {n}',
    commentPlaceholder: '댓글을 입력하세요',
    editorLabel: '내용',
    bold: '굵게',
    italic: '기울임',
    bulletList: '글머리 기호 목록',
    numberedList: '번호 목록',
    link: '링크',
    linkPrompt: '링크 주소 (https://…)',
    linkApply: '링크 넣기',
    /** Issue #18: the link goes on the selected text. */
    linkSelectFirst: '링크로 만들 글자를 먼저 선택해주세요.',
    image: '이미지',
    imageUploading: '이미지를 올리고 있어요...',
    saved: '게시글을 저장했어요.',
    /** issue #13: the server removed images that were not uploaded through the 이미지 button. */
    imagesRemoved: '외부 이미지 {n}개는 보안을 위해 제거했어요. 사진은 이미지 버튼으로 올려주세요.',
    deleted: '게시글을 삭제했어요.',
    openPost: '{title} 자세히 보기',
    /** Issue #18: search, dates, comment edit and delete. */
    search: '게시글 검색',
    searchPlaceholder: '제목, 내용, 태그로 검색',
    searchEmpty: '"{q}"에 맞는 게시글이 없어요.',
    postedAt: '{when} 작성',
    commentEdit: '수정',
    commentDelete: '삭제',
    commentEditLabel: '댓글 수정',
    commentSave: '저장',
    commentCancel: '취소',
    commentConfirmDelete: '댓글을 삭제할까요?',
    commentDeleted: '댓글이 삭제되었어요.',
    commentDeleteFailed: '댓글을 삭제하지 못했어요.',
    commentEditFailed: '댓글을 수정하지 못했어요.',
    loading: '게시글을 불러오고 있어요...',
    recommendList: '추천 맛집',
    previous: '이전',
    next: '다음',
    points: '{n}점',
    myLocation: '내 위치',
    map: '맛집 지도',
  },

  /** Offline mirror and outbox (issue #7): saved-at line, queued writes, failures. */
  offlineUi: shell.offlineUi,
  /** Issue #17 item 4 (UI-TEXT "Beyond the seed" — Block). */
  blocks: {
    block: '차단하기',
    unblock: '차단 해제',
    listTitle: '차단한 회원',
    empty: '차단한 회원이 없어요.',
    confirm: '{name}님을 차단할까요? 서로의 일정과 글이 보이지 않고, 진행 중인 약속은 취소돼요.',
    blocked: '{name}님을 차단했어요.',
    unblocked: '{name}님의 차단을 해제했어요.',
    failed: '차단하지 못했어요. 다시 시도해주세요.',
    unblockLabel: '{name} 차단 해제',
  },
  /** Issue #17 item 3. */
  account: {
    export: '내 데이터 내려받기',
    exportHint: '밥상친구가 가진 내 정보(프로필, 일정, 매칭, 보낸 메시지, 글, 댓글, 후기, 신고, 알림, 공유 링크)를 파일 하나로 내려받아요. 다른 서비스에서도 읽을 수 있는 형식이에요.',
    exportFailed: '내 데이터를 받지 못했어요. 다시 시도해주세요.',
    // Issue #17 item 2 (UI-TEXT.md "Deletion").
    deleteTitle: '회원 탈퇴',
    deleteWarning: '탈퇴하면 내 정보가 지워지고 되돌릴 수 없어요.',
    deleteDetails: '진행 중인 약속은 취소되고 상대방에게 알림이 가요. 내가 쓴 글, 댓글, 후기, 메시지는 "탈퇴한 회원"으로 남아요.',
    deletePassword: '비밀번호 확인',
    deleteEnterPassword: '비밀번호를 입력해주세요.',
    deleteConfirmWord: "확인을 위해 '탈퇴'를 입력해주세요",
    deleteSubmit: '탈퇴하기',
    deleteCancel: '취소',
    deleted: '탈퇴가 완료되었어요. 그동안 이용해주셔서 고마워요.',
    deleteFailed: '탈퇴하지 못했어요. 다시 시도해주세요.',
    /** The name a deleted member's remaining posts, comments, reviews and messages show (server/modules/users/account.ts). */
    deletedMember: '탈퇴한 회원',
    /** A member named in a sentence ("김민지님"). */
    named: '{name}님',
  },
  /** Issue #17 item 1 (UI-TEXT.md "Consent"). */
  consent: {
    legend: '약관 동의',
    all: '전체 동의',
    terms: '[필수] 이용약관 동의',
    privacy: '[필수] 개인정보 수집·이용 동의',
    age: '[필수] 만 14세 이상이에요',
    view: '보기',
    /** The links of the two documents, named for screen readers. */
    viewLabel: { agreeTerms: '이용약관 동의 보기', agreePrivacy: '개인정보 수집·이용 동의 보기' },
    stepTitle: shell.consent.stepTitle,
    stepLead: '밥상친구를 계속 이용하려면 아래 약관에 동의해주세요.',
    stepSubmit: '동의하고 계속하기',
    failed: '동의를 저장하지 못했어요. 다시 시도해주세요.',
  },
  /** Issue #17 item 9 (UI-TEXT.md "Safety guide", "Share"). */
  safety: {
    guideTitle: '처음 만나기 전에',
    guideItems: [
      '사람이 많은 공개된 장소에서 만나요.',
      '가까운 사람에게 약속 시간과 장소를 알려요. 안전 공유 링크를 보낼 수 있어요.',
      '불편하거나 이상하면 언제든 자리를 떠나도 괜찮아요.',
      '불쾌한 일이 있으면 차단하고 신고해주세요. 24시간 안에 확인할게요.',
    ],
    guideOk: '확인했어요',
    share: '안전 공유',
    shareLead: '링크를 받은 사람은 약속 시간과 장소를 볼 수 있어요.',
    shareValid: '링크는 약속 시작 6시간 뒤까지 열려요.',
    shareMake: '공유 링크 만들기',
    shareSend: '공유하기',
    shareCopy: '링크 복사',
    shareCopied: '링크를 복사했어요',
    shareLinkLabel: '공유 링크',
    shareStop: '공유 끝내기',
    shareStopped: '공유를 끝냈어요. 이전 링크는 더 이상 열리지 않아요.',
    shareFailed: '공유 링크를 만들지 못했어요. 다시 시도해주세요.',
    shareTitle: '밥상친구 약속 공유',
    shareText: '{partner}님과 {when} {place}에서 만나요.',
    pageTitle: shell.safety.pageTitle,
    pageLead: '{name}님이 약속 정보를 공유했어요.',
    pagePlace: '장소',
    pageWhen: '날짜와 시간',
    pagePartner: '만나는 사람',
    pageCancelled: '이 약속은 취소되었어요.',
    pageMap: '지도에서 보기',
    pageGone: '공유가 끝났거나 없는 링크예요.',
    pageUntil: '이 링크는 {time}까지 열려요.',
  },
  /** Issue #17 item 1: /terms, /privacy and the footer. */
  legal: {
    termsTitle: shell.legal.termsTitle,
    privacyTitle: shell.legal.privacyTitle,
    version: '시행일 {date}',
    contact: '문의: {email}',
    footerLabel: shell.legal.footerLabel,
  },
  /** Issue #17 item 5: 신고하기. */
  reports: {
    report: '신고하기',
    reportLabel: '{what} 신고하기',
    title: '신고하기',
    notice: '신고 내용은 운영자가 확인해요. 여러 명이 신고한 내용은 확인 전까지 숨겨져요.',
    reason: '신고 사유',
    reasons: {
      spam: '스팸·홍보',
      abuse: '욕설·비하',
      sexual: '성적인 내용',
      scam: '사기·금전 요구',
      no_show: '약속 불이행(노쇼)',
      other: '기타',
    },
    reasonRequired: '신고 사유를 골라주세요.',
    /** The reason a member suspended directly by an admin is told (issue #31 item 6). */
    policyReason: '운영정책 위반',
    detail: '자세한 내용 (선택)',
    detailName: '자세한 내용',
    detailMax: '자세한 내용은 {max}자 이하여야 해요.',
    counter: '{n}/{max}',
    cancel: '취소',
    submit: '신고하기',
    sending: '보내는 중…',
    done: '신고가 접수되었어요.',
    duplicate: '이미 신고한 내용이에요.',
    failed: '신고하지 못했어요. 다시 시도해주세요.',
    targets: { member: '회원', schedule: '일정', post: '글', comment: '댓글', review: '후기', message: '메시지', table_message: '모임 메시지', attendance: '노쇼 이의 제기' },
  },
  /** Issue #17 item 6: the /admin page. */
  admin: {
    title: shell.admin.title,
    menu: '관리자',
    forbidden: '권한이 없어요.',
    forbiddenHint: '관리자만 볼 수 있는 페이지예요.',
    goHome: '홈으로',
    tabReports: '신고',
    tabAudit: '감사 기록',
    open: '처리 전',
    resolved: '처리됨',
    empty: '신고가 없어요.',
    auditEmpty: '기록이 없어요.',
    loadFailed: '불러오지 못했어요. 다시 시도해주세요.',
    retry: '다시 시도',
    more: '더 보기',
    reporters: '신고 {n}명',
    latest: '최근 신고 {date}',
    hidden: '숨김',
    missing: '삭제된 내용',
    noAuthor: '알 수 없음',
    author: '작성자 {name}',
    inChat: '채팅 #{id}',
    onPost: '글 #{id}의 댓글',
    suspendedNow: '정지 중',
    suspendedUntil: '{date}까지 정지',
    actionDone: { dismiss: '무시함', hide: '숨김', suspend: '정지함' },
    dismiss: '무시',
    hide: '숨기기',
    suspend: '정지',
    days: '정지 기간',
    daysOption: '{n}일',
    forever: '영구',
    note: '메모 (선택)',
    confirmDismiss: '이 신고를 무시할까요? 숨겨진 내용이 다시 보여요.',
    confirmHide: '이 내용을 숨길까요? 모든 회원에게서 사라져요.',
    /** Issue #28 item 1: a dispute of an absence mark — 기록 유지 (dismiss) or 기록 삭제 (hide). */
    upholdMark: '노쇼 기록 유지',
    removeMark: '노쇼 기록 삭제',
    confirmUphold: '노쇼 기록을 유지할까요? 회원의 노쇼로 다시 집계돼요.',
    confirmRemoveMark: '노쇼 기록을 삭제할까요? 다시 집계되지 않아요.',
    confirmSuspend: '{name}님을 {period} 정지할까요? 내용은 숨겨지고 바로 로그아웃돼요.',
    confirmSuspendForever: '{name}님을 해제할 때까지 정지할까요? 내용은 숨겨지고 바로 로그아웃돼요.',
    periodDays: '{n}일',
    confirm: '확인',
    cancel: '취소',
    done: '처리했어요.',
    failed: '처리하지 못했어요. 다시 시도해주세요.',
    unsuspend: '정지 해제',
    unsuspended: '정지를 해제했어요.',
    auditActions: {
      'report.dismiss': '신고 무시',
      'report.hide': '내용 숨김',
      'report.suspend': '신고로 정지',
      'user.suspend': '회원 정지',
      'user.unsuspend': '정지 해제',
    },
    auditTarget: '{type} #{id}',
    /** A disputed absence mark in the report queue (server/modules/reports/service.ts, issue #28 item 1). */
    disputeTitle: '노쇼 이의 제기: {when} {place}',
    disputeByHost: '호스트가 게스트를 "안 나왔어요"로 기록했어요.',
    disputeByGuest: '게스트가 호스트를 "안 나왔어요"로 기록했어요.',
    /** Issue #32 item 1: the author's appeal of hidden content in the queue — 다시 보이기 (dismiss) or 숨김 유지 (hide). */
    appeal: '이의 제기',
    appealNote: '작성자의 이의: {note}',
    restore: '다시 보이기',
    keepHidden: '숨김 유지',
    confirmRestore: '이 내용을 다시 보이게 할까요? 작성자에게 결과를 알려요.',
    confirmKeepHidden: '숨김을 유지할까요? 작성자에게 결과를 알려요.',
    auditBy: '{name}',
  },
  /** Issue #18 item 6 (UI-TEXT.md "Share"): 공유하기 on a schedule and a post. */
  share: {
    button: '공유하기',
    copied: '링크를 복사했어요',
    failed: '링크를 복사하지 못했어요. 주소창의 링크를 복사해주세요.',
    scheduleTitle: '밥상친구 식사 약속',
    scheduleText: '{when} {place}에서 함께 밥 먹어요.',
    postTitle: '밥상친구 맛집 게시판: {title}',
    kakaoButton: '밥상친구에서 보기',
    /** The link preview of a shared page (server/lib/og.ts; `{site}` is the app's name). */
    og: {
      defaultTitle: '밥상친구 — 함께 먹는 식사 약속',
      defaultDescription: '혼밥하기 싫은 날, 근처에서 함께 밥 먹을 친구를 찾아보세요.',
      postTitle: '{title} | {site}',
      scheduleTitle: '{place}에서 함께 밥 먹어요 | {site}',
      scheduleDescription: '{when} · {place}',
    },
  },
  /** The event of 캘린더에 추가 (server/modules/meals/matches/calendar-routes.ts, issue #15 item 9). */
  calendarFile: {
    summary: '밥상친구: {place}',
    description: '{partner}님과의 밥상친구 약속 ({status})',
  },
  /** Issue #18 item 7: the in-app install prompt. */
  install: shell.install,
  homePreview: home.homePreview,
  /** Issue #31 item 2: 매칭's upcoming list, its views and where distance is measured from. */
  upcoming: {
    heading: '다가오는 약속',
    today: '오늘',
    tomorrow: '내일',
    empty: '앞으로 3주 동안 등록된 약속이 없어요. 조건을 바꾸거나 직접 약속을 만들어 보세요.',
    viewLabel: '보기 방식',
    list: '목록',
    calendar: '달력',
    /** The distance chip: "내 위치에서 5km", "서울시청에서 5km". */
    fromMe: '내 위치에서 {distance}',
    fromPlace: '{place}에서 {distance}',
    defaultPlace: '서울시청',
    askReason: '가까운 약속을 찾으려면 위치가 필요해요.',
    useMyLocation: '내 위치 사용',
    /** "위치 권한이 없어서 서울시청에서 거리를 재요." / "… 역삼동에서 …" (the member's 동네). */
    denied: '위치 권한이 없어서 {place}에서 거리를 재요.',
    /** The link after `denied` to 내 정보, where the 동네 is picked. */
    pickNeighbourhood: '내 정보에서 동네 고르기',
    changeNeighbourhood: '내 정보에서 동네 바꾸기',
    categories: '음식 종류',
    /** The third view, 지도 (the switch's option is `mapView.map`): one marker per place. */
    map: '약속 지도',
    mapLoading: '지도를 불러오는 중...',
    mapUnavailable: '지도를 표시할 수 없어요. 아래 장소나 목록에서 약속을 골라주세요.',
    mapEmpty: '지도에 표시할 약속이 없어요. 조건을 바꾸거나 목록에서 확인해 보세요.',
    /** Meals without coordinates are only in the list. */
    listOnly: '장소 위치가 없는 약속 {n}개는 목록에서만 볼 수 있어요.',
    showList: '목록으로 보기',
    mapHint: '지도나 아래 장소를 누르면 그곳의 약속이 나와요.',
    mapMore: '약속 더 불러오기',
    /** The places under the map (the keyboard's way to the same sheet as a marker). */
    places: '지도의 장소',
    /** A marker's tooltip and a place button: "을지로 국수집 · 약속 2개". */
    placeMeals: '{place} · 약속 {n}개',
    /** The place's sheet (bottom sheet on phones, side panel from 992 px). */
    sheetCount: '이 장소의 약속 {n}개',
  },
  /** Issue #31 item 1: the bottom tab bar on phones (below 992 px). */
  tabs: {
    label: '하단 메뉴',
    home: '홈',
    matching: '매칭',
    meals: '내 약속',
    chats: '채팅',
    me: '내 정보',
    /** After the tab's name for screen readers: "채팅 읽지 않음 3개". */
    unread: '읽지 않음 {n}개',
  },
  /** Issue #18 item 5: the list/map toggle on phones. */
  mapView: {
    toggleLabel: '보기 방식',
    list: '목록',
    map: '지도',
  },
  /**
   * Mails the server sends (issue #29 item 4; server/plugins/mail.ts `renderMail`): a subject and
   * paragraphs. `{code}` is the one-time code (bold in the HTML part), `{minutes}` its lifetime;
   * `{url}` a link line. No particle follows a code or a number (it would need its reading).
   */
  mail: {
    verify: {
      subject: '[밥상친구] 이메일 인증번호',
      lines: ['밥상친구 회원가입 인증번호예요: {code}', '{minutes}분 안에 입력해주세요.', '본인이 요청하지 않았다면 이 메일을 무시해주세요.'],
    },
    reset: {
      subject: '[밥상친구] 비밀번호 재설정 코드',
      lines: ['밥상친구 비밀번호 재설정 코드예요: {code}', '{minutes}분 안에 입력해주세요.', '본인이 요청하지 않았다면 이 메일을 무시해주세요. 비밀번호는 바뀌지 않아요.'],
    },
    login: {
      subject: '[밥상친구] 새 기기 로그인 인증번호',
      lines: ['새 기기에서 밥상친구에 로그인하려면 이 인증번호를 입력해주세요: {code}', '{minutes}분 안에 입력해주세요.', '본인이 로그인하지 않았다면 비밀번호를 바꿔주세요.'],
    },
    /** Issue #13: someone asked a sign-up code for a registered address. */
    accountExists: {
      subject: '[밥상친구] 이미 가입된 이메일이에요',
      taken: '이 이메일로 이미 가입된 밥상친구 계정이 있어서 인증번호를 보내지 않았어요.',
      withPassword: '비밀번호가 기억나지 않으면 아래 주소에서 비밀번호를 재설정해주세요.',
      socialOnly: '카카오 또는 네이버 로그인으로 가입한 계정이에요. 로그인 화면의 소셜 로그인 버튼으로 로그인해주세요.',
      ignore: '본인이 요청하지 않았다면 이 메일을 무시해주세요. 계정에는 아무 변화가 없어요.',
    },
  },
} as const;

export type Ko = typeof ko;
