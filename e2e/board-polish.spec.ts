/**
 * Issue #18 item 4 end to end at 360 px: a board card opens by keyboard, the author of a comment
 * edits it in place and deletes it (a red 삭제 confirm), and the search box finds a post by a tag
 * (`GET /api/board?q=`, `?q=` in the address).
 */
import { expect, test, type Page } from '@playwright/test';
import { authHeader } from './support/matches.ts';
import { createMemberViaApi, signIn } from './support/members.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('a card opens by keyboard, my comment is edited and deleted, and search finds a post by a tag', async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const author = await createMemberViaApi(request, { name: `글쓴이${suffix}` });
  const reader = await createMemberViaApi(request, { name: `독자${suffix}` });
  const title = `카페 탐방 ${suffix}`;
  const created = await request.post('/api/board', { headers: authHeader(author), data: { title, content: `<p>조용한 곳 ${suffix}</p>`, tags: ['카페'] } });
  expect(created.status()).toBe(201);
  const other = await request.post('/api/board', { headers: authHeader(author), data: { title: `국밥 ${suffix}`, content: '<p>든든해요</p>', tags: ['점심'] } });
  expect(other.status()).toBe(201);

  await signIn(page, reader);
  await page.goto('/board');
  await expect(page.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeVisible();

  // Search by the tag: only the 카페 post of this run remains, and q is in the address.
  await page.getByRole('searchbox', { name: '게시글 검색' }).fill(`카페 탐방 ${suffix}`);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('button', { name: `국밥 ${suffix} 자세히 보기` })).toHaveCount(0);
  const tagSearch = page.waitForResponse((res) => res.url().includes(`/api/board?q=${encodeURIComponent('카페')}`) && res.ok());
  await page.getByRole('searchbox', { name: '게시글 검색' }).fill('카페');
  await tagSearch;
  const card = page.getByRole('button', { name: `${title} 자세히 보기` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: `국밥 ${suffix} 자세히 보기` })).toHaveCount(0);
  await expect(page.locator(`[data-post-id="${(await created.json()).id}"]`).getByText(/^(방금|\d+분 전)$/)).toBeVisible();

  // Keyboard: focus the card and press Enter.
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();

  // A comment, edited in place and then deleted by its author.
  await dialog.getByRole('textbox', { name: '댓글', exact: true }).fill('처음 쓴 댓글');
  await dialog.getByRole('button', { name: '댓글 작성' }).click();
  await expect(dialog.getByText('처음 쓴 댓글')).toBeVisible();
  await dialog.getByRole('button', { name: '댓글 수정: 처음 쓴 댓글' }).click();
  const box = dialog.getByRole('textbox', { name: '댓글 수정' });
  await box.fill('고친 댓글');
  await box.press('Enter');
  await expect(dialog.getByText('고친 댓글')).toBeVisible();
  await expect(dialog.getByText('처음 쓴 댓글')).toHaveCount(0);

  await dialog.getByRole('button', { name: '삭제: 고친 댓글' }).click();
  const confirm = page.getByRole('alertdialog');
  const remove = confirm.getByRole('button', { name: '삭제' });
  await expect(remove).toHaveClass(/btn--danger-solid/);
  await remove.click();
  await expect(dialog.getByText('고친 댓글')).toHaveCount(0);
  await expect(dialog.getByText('아직 댓글이 없어요.')).toBeVisible();

  // The server agrees: the comment is gone.
  const list = await request.get(`/api/board?q=${encodeURIComponent(title)}`, { headers: authHeader(reader) });
  const [post] = (await list.json()) as Array<{ id: number; commentCount: number }>;
  expect(post?.commentCount).toBe(0);
  expect(await (await request.get(`/api/board/${post!.id}/comments`, { headers: authHeader(reader) })).json()).toEqual([]);
  await noHorizontalScroll(page);
});

test('the link tool links the selected words, not the paragraph; a sixth tag chip looks disabled', async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const author = await createMemberViaApi(request, { name: `링크${suffix}` });
  await signIn(page, author);
  await page.goto('/board');
  await page.getByRole('button', { name: '글쓰기' }).click();
  const form = page.getByRole('dialog', { name: '새 게시글' });
  await form.getByLabel('제목').fill(`링크 글 ${suffix}`);
  await form.getByRole('textbox', { name: '내용' }).click();
  await page.keyboard.type('가게 홈페이지 주소');
  // Select the last two characters ("주소").
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await form.getByRole('button', { name: '링크', exact: true }).click();
  await form.getByRole('textbox', { name: '링크 주소 (https://…)' }).fill('https://example.com/menu');
  await form.getByRole('button', { name: '링크 넣기' }).click();
  const link = form.locator('.post-editor__content a');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveText('주소');

  // Five tags chosen: the others are disabled and look it.
  for (const tag of ['점심', '저녁', '모임', '맛집', '일상']) await form.getByRole('button', { name: tag, exact: true }).click();
  const sixth = form.getByRole('button', { name: '카페', exact: true });
  await expect(sixth).toBeDisabled();
  await expect(sixth).toHaveAttribute('aria-disabled', 'true');
  await expect(sixth).toHaveCSS('opacity', '0.45');

  await form.getByRole('button', { name: '저장' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
  await expect(form).toBeHidden();
  const res = await request.get(`/api/board?q=${encodeURIComponent(`링크 글 ${suffix}`)}`, { headers: authHeader(author) });
  const [saved] = (await res.json()) as Array<{ content: string }>;
  expect(saved?.content).toMatch(/<a [^>]*href="https:\/\/example.com\/menu"[^>]*>주소<\/a>/);
  expect(saved?.content).toContain('가게 홈페이지 ');
});

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}
