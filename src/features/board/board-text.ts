import { ko } from '@/i18n/ko';

/** Korean copy of the board's paged lists (issue #19), from the catalogue (`ko.board`). */
export const boardPaging = {
  moreComments: ko.board.moreComments,
  moreRecommendations: ko.board.moreRecommendations,
  commentsLoading: ko.board.commentsLoading,
  commentsFailed: ko.board.commentsFailed,
} as const;
