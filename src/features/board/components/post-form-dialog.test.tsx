import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@common/api/board';
import { useSession } from '@/lib/session/store';
import { jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback, toastTexts } from '@/test/render';
import { PostFormDialog, type PostFormValues } from './post-form-dialog';

// Drafts live in IndexedDB in the app; jsdom has none, so the test keeps them in a Map.
const drafts = vi.hoisted(() => new Map<string, { values: unknown; savedAt: string }>());
vi.mock('@/lib/drafts', () => ({
  saveDraft: (member: number, kind: string, id: string | number, values: unknown) => {
    drafts.set(`${member}:${kind}:${id}`, { values: structuredClone(values), savedAt: new Date().toISOString() });
    return Promise.resolve();
  },
  loadDraft: (member: number, kind: string, id: string | number) => Promise.resolve(drafts.get(`${member}:${kind}:${id}`) ?? null),
  clearDraft: (member: number, kind: string, id: string | number) => {
    drafts.delete(`${member}:${kind}:${id}`);
    return Promise.resolve();
  },
}));

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
  likedByMe: false,
  commentCount: 0,
  createdAt: '2026-11-20T00:00:00.000Z',
};

beforeEach(() => drafts.clear());
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

describe('post form: images removed on save (issue #13)', { timeout: 20_000 }, () => {
  it('tells the author how many external images the server removed', async () => {
    await saveWith({ ...existing, removedImages: 2 });
    await findToast('외부 이미지 2개는 보안을 위해 제거했어요. 사진은 이미지 버튼으로 올려주세요.');
    await findToast('게시글을 저장했어요.');
  });

  it('says nothing more when nothing was removed (0 or an older server without the field)', async () => {
    await saveWith({ ...existing, removedImages: 0 });
    await findToast('게시글을 저장했어요.');
    expect(toastTexts().some((t) => t.includes('외부 이미지'))).toBe(false);
  });
});

describe('post form: fields (issue #14)', { timeout: 20_000 }, () => {
  it('an empty title shows its error under the field, marks it invalid and focuses it; nothing is sent', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({});
    renderWithFeedback(<PostFormDialog post={null} open onOpenChange={() => undefined} />);
    const title = await screen.findByRole('textbox', { name: '제목' });
    await user.type(title, '   ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('제목을 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('내용을 입력해주세요.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBe(screen.getByText('제목을 입력해주세요.').id);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(fetch).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
  });

  it('a title over 100 characters is refused under the field', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderWithFeedback(<PostFormDialog post={existing} open onOpenChange={() => undefined} />);
    const title = await screen.findByRole('textbox', { name: '제목' });
    await user.clear(title);
    await user.click(title);
    await user.paste('가'.repeat(101));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('제목은 100자까지 쓸 수 있어요.')).toBeTruthy();
  });

  it("puts the server's 400 on its field, and cannot be sent twice", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch = mockFetch({
      'PUT /api/board/7': async () => {
        await held;
        return jsonResponse({ code: 'VALIDATION', field: 'title', message: '제목에 쓸 수 없는 문자가 있어요.' }, 400);
      },
    });
    renderWithFeedback(<PostFormDialog post={existing} open onOpenChange={() => undefined} />);
    const save = await screen.findByRole('button', { name: '저장' });
    await user.click(save);
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    await user.click(save);
    release();
    expect(await screen.findByText('제목에 쓸 수 없는 문자가 있어요.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '제목' }).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
  });
});

describe('post form: drafts (issue #14)', { timeout: 20_000 }, () => {
  beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) }));

  it('keeps what is being written when the dialog goes away, and offers it again: 이어쓰기 restores it', async () => {
    const user = userEvent.setup();
    mockFetch({});
    const first = renderWithFeedback(<PostFormDialog post={null} open onOpenChange={() => undefined} />);
    await user.type(await screen.findByRole('textbox', { name: '제목' }), '을지로 국수');
    await user.click(screen.getByRole('button', { name: '점심' }));
    first.unmount();
    expect((drafts.get('1:post:new')?.values as PostFormValues | undefined)?.title).toBe('을지로 국수');

    drafts.set('1:post:new', { values: { ...(drafts.get('1:post:new')!.values as PostFormValues), content: '<p>면이 쫄깃해요</p>' }, savedAt: '' });
    renderWithFeedback(<PostFormDialog post={null} open onOpenChange={() => undefined} />);
    const offer = await screen.findByRole('group', { name: '작성 중이던 글이 있어요. 이어서 쓸까요?' });
    await user.click(within(offer).getByRole('button', { name: '이어쓰기' }));
    expect((screen.getByRole('textbox', { name: '제목' }) as HTMLInputElement).value).toBe('을지로 국수');
    expect(screen.getByRole('button', { name: '점심' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('면이 쫄깃해요')).toBeTruthy();
  });

  it('새로 쓰기 discards the draft; a saved post clears it', async () => {
    const user = userEvent.setup();
    drafts.set('1:post:7', { values: { title: '고친 제목', content: '<p>맛있어요</p>', tags: [], address: existing.address, latitude: 37.566, longitude: 126.99 }, savedAt: '' });
    mockFetch({ 'PUT /api/board/7': () => jsonResponse({ ...existing, title: '다시 고친 제목' }) });
    renderWithFeedback(<PostFormDialog post={existing} open onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: '새로 쓰기' }));
    const title = screen.getByRole('textbox', { name: '제목' }) as HTMLInputElement;
    expect(title.value).toBe('을지로 국수');
    await waitFor(() => expect(drafts.has('1:post:7')).toBe(false));

    await user.clear(title);
    await user.type(title, '다시 고친 제목');
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(drafts.has('1:post:7')).toBe(true);
    await user.click(screen.getByRole('button', { name: '저장' }));
    await findToast('게시글을 저장했어요.');
    await waitFor(() => expect(drafts.has('1:post:7')).toBe(false));
  });
});
