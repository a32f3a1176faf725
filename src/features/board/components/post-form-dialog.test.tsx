import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@common/api/board';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { PostFormDialog } from './post-form-dialog';

const existing: Post = {
  id: 7,
  title: '을지로 국수',
  content: '<p>맛있어요</p>',
  tags: [],
  address: '서울 중구 을지로 1',
  latitude: 37.566,
  longitude: 126.99,
  author: { id: 1, name: '나' },
  likes: 0,
  views: 0,
  likedMemberIds: [],
  comments: [],
  createdAt: '2026-11-20T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

async function saveWith(answer: Post) {
  const onSaved = vi.fn();
  mockFetch({ 'PUT /api/board/7': () => jsonResponse(answer) });
  renderWithFeedback(<PostFormDialog post={existing} open onOpenChange={() => undefined} onSaved={onSaved} />);
  await userEvent.click(await screen.findByRole('button', { name: '저장' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  return onSaved;
}

describe('post form: images removed on save (issue #13)', () => {
  it('tells the author how many external images the server removed', async () => {
    await saveWith({ ...existing, removedImages: 2 });
    expect(await screen.findByText('외부 이미지 2개는 보안을 위해 제거했어요. 사진은 이미지 버튼으로 올려주세요.')).toBeTruthy();
    expect(screen.getByText('게시글이 저장되었습니다.')).toBeTruthy();
  });

  it('says nothing more when nothing was removed (0 or an older server without the field)', async () => {
    await saveWith({ ...existing, removedImages: 0 });
    expect(await screen.findByText('게시글이 저장되었습니다.')).toBeTruthy();
    expect(screen.queryByText(/외부 이미지/)).toBeNull();
  });
});
