/**
 * The strings of the first screen (issue #18 item 8, `npm run bench:size`): the app shell (top bar,
 * menus, footer, toasts, error boundary) and every page's name, which the route tree reads for
 * `staticData.title` before any page loads. Modules of the first render import `ko` from here;
 * everything else imports the full `ko` of ./ko.ts, which takes these same strings from here, so
 * each string is written once and `ko.x.y` means the same in both.
 *
 * Keep this file small: a string belongs here only if a module of the first render (the entry
 * chunk, see bench:size) shows it. New strings go to ./ko.ts.
 */
export { format } from './format.ts';

export const ko = {
  app: {
    name: '밥상친구',
    loading: '밥상친구를 준비하고 있어요...',
    skipToContent: '본문으로 건너뛰기',
    sessionExpired: '로그인이 만료됐어요. 다시 로그인해주세요.',
    offline: '오프라인 상태입니다. 저장된 내용을 보여드리고 있어요.',
    updateReady: '새 버전이 준비됐어요.',
    updateReload: '새로고침',
    errorFallback: '화면을 표시하는 중 문제가 생겼어요.',
    errorRetry: '다시 시도',
    genericError: '요청을 처리하지 못했어요. 잠시 후 다시 시도해주세요.',
    networkError: '서버에 연결할 수 없어요. 네트워크를 확인해주세요.',
  },

  feedback: {
    close: '닫기',
    ok: '확인',
    cancel: '취소',
    /** Issue #18: the confirm button of a destructive action (red). */
    delete: '삭제',
    notifications: '알림',
  },

  nav: {
    mainMenu: '주요 메뉴',
    matching: '매칭',
    schedule: '일정',
    recommend: '맛집 추천',
    board: '게시판',
    login: '로그인',
    register: '회원가입',
    profileMenu: '프로필 메뉴',
    unreadBadge: '읽지 않은 알림 {n}개',
    myInfo: '내 정보',
    myReviews: '내 리뷰',
    activity: '활동 내역',
    chats: '채팅',
    logout: '로그아웃',
    openMenu: '메뉴 열기',
    menu: '메뉴',
    loginRequired: '로그인이 필요합니다',
  },

  /** Page names: route `staticData.title`s and the headings the route files render themselves. */
  screens: {
    recommend: '맛집 추천',
    chat: '채팅',
    /** Issue #30 item 4: the chat list page (side menu, route title). */
    chats: '채팅',
  },
  auth: {
    login: '로그인',
  },
  setup: {
    heading: '프로필 설정',
  },
  profile: {
    heading: '내 정보',
  },
  matching: {
    heading: '매칭',
  },
  schedule: {
    heading: '일정',
  },
  activity: {
    heading: '활동 내역',
  },
  inbox: {
    heading: '알림',
  },
  chat: {
    noOpponent: '채팅 상대를 찾을 수 없어요.',
  },
  reviews: {
    write: '리뷰 작성',
    myHeading: '내가 받은 리뷰',
  },
  board: {
    heading: '맛집 소개',
  },
  consent: {
    stepTitle: '약관 동의',
  },
  safety: {
    pageTitle: '공유된 약속',
  },
  legal: {
    termsTitle: '이용약관',
    privacyTitle: '개인정보 처리방침',
    footerLabel: '사이트 정보',
  },
  admin: {
    title: '관리자',
  },
  /** The offline banner and the outbox's toasts (the banner loads with the first screen; issue #33 item 1). */
  offlineUi: {
    savedAt: '{when} 저장',
    /** The saved-at instant's parts, read in KST ({time}: "오후 6:05", issue #18). */
    savedAtPattern: '{month}월 {day}일 {time}',
    queued: '오프라인 상태라 연결되면 보낼게요.',
    pending: '전송 대기 중',
    sent: '대기 중이던 글을 보냈어요: {label}',
    failed: '보내지 못했어요: {label} — {message}',
    failedFallback: '요청이 거절됐어요.',
    failuresTitle: '보내지 못한 글',
    dismiss: '닫기',
    dismissOne: '{label} 알림 닫기',
    pendingCount: '전송 대기 {n}건',
    labelComment: '댓글: {text}',
    labelReview: '후기: {text}',
    labelChat: '메시지: {text}',
    labelMatch: '매칭 신청: {text}',
  },
  /** The install prompt (issue #18 item 7), shown on the first screen. */
  install: {
    title: '밥상친구를 홈 화면에 추가하세요',
    lead: '앱처럼 바로 열고, 약속 알림도 놓치지 않아요.',
    install: '설치하기',
    later: '나중에',
    iosSteps: '아래 공유 버튼을 누르고 「홈 화면에 추가」를 선택하세요.',
    iosTitle: '홈 화면에 추가하기',
  },
} as const;
