/** Korean copy of the board's paged lists (issue #19), kept beside the feature (ko.ts is being split). */
export const boardPaging = {
  moreComments: '댓글 더 보기',
  moreRecommendations: '추천 더 보기',
  commentsLoading: '댓글을 불러오는 중...',
  commentsFailed: '댓글을 불러오지 못했어요.',
} as const;
