/**
 * Issue #14 on the board: the opened post is in the address (Back closes it, a shared link opens
 * it), and a post being written survives Esc and a reload and is offered again (이어쓰기).
 */
import { expect, test, type Page } from '@playwright/test';
import { createMemberViaApi, signIn } from './support/members.ts';

/**
 * A search param of the page's address as its plain value: `useUrlState` writes a string, which
 * the router serialises JSON-quoted (`?post=%2212%22`); a hand-written link is `?post=12`.
 */
function param(page: Page, name: string): string | null {
  const raw = new URL(page.url()).searchParams.get(name);
  return raw === null ? null : raw.replace(/^"(.*)"$/, '$1');
}

test('Back closes an opened post, and a shared /board?post= link opens it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).slice(-5);
  const author = await createMemberViaApi(request, { name: `작성${suffix}` });
  const reader = await createMemberViaApi(request, { name: `독자${suffix}` });
  const title = `뒤로가기 국밥 ${suffix}`;
  const created = await request.post('/api/board', { headers: { authorization: `Bearer ${author.token}` }, data: { title, content: '<p>국물이 진해요</p>', tags: ['점심'] } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, reader);
  await page.goto('/board');
  await page.getByRole('button', { name: `${title} 자세히 보기` }).click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByText('국물이 진해요')).toBeVisible();
  await expect.poll(() => param(page, 'post')).toBe(String(id));

  // The phone's Back closes the post and stays on the board.
  await page.goBack();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeVisible();

  // A shared link (typed, not pushed by the page) opens the post; closing it leaves the board.
  const shared = page;
  await shared.goto(`/board?post=${id}`);
  const opened = shared.getByRole('dialog', { name: title });
  await expect(opened.getByText('국물이 진해요')).toBeVisible();
  await opened.getByRole('button', { name: '닫기' }).click();
  await expect(opened).toBeHidden();
  await expect(shared).toHaveURL(/\/board$/);
  await context.close();
});

test('a post being written survives Esc and a reload and is offered again; saving clears it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).slice(-5);
  const member = await createMemberViaApi(request, { name: `초안${suffix}` });
  const title = `초안 냉면 ${suffix}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await signIn(page, member);
  await page.goto('/board');

  await page.getByRole('button', { name: '글쓰기' }).click();
  let form = page.getByRole('dialog', { name: '새 게시글' });
  await expect.poll(() => param(page, 'write')).toBe('1');
  await form.getByRole('textbox', { name: '제목' }).fill(title);
  await form.getByRole('textbox', { name: '내용' }).click();
  await page.keyboard.type('육수가 시원해요.');
  await form.getByRole('button', { name: '점심', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/board$/);

  // Reopened: the draft is offered; 이어쓰기 brings it back.
  await page.getByRole('button', { name: '글쓰기' }).click();
  form = page.getByRole('dialog', { name: '새 게시글' });
  await expect(form.getByText('작성 중이던 글이 있어요. 이어서 쓸까요?')).toBeVisible();
  await form.getByRole('button', { name: '이어쓰기' }).click();
  await expect(form.getByRole('textbox', { name: '제목' })).toHaveValue(title);
  await expect(form.getByRole('textbox', { name: '내용' })).toContainText('육수가 시원해요.');
  await expect(form.getByRole('button', { name: '점심', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // More text, then a reload with the form open: the address reopens the form and offers the draft.
  await form.getByRole('textbox', { name: '내용' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' 면도 쫄깃해요.');
  await page.waitForTimeout(1000);
  await page.reload();
  form = page.getByRole('dialog', { name: '새 게시글' });
  await expect(form.getByText('작성 중이던 글이 있어요. 이어서 쓸까요?')).toBeVisible();
  await form.getByRole('button', { name: '이어쓰기' }).click();
  await expect(form.getByRole('textbox', { name: '제목' })).toHaveValue(title);
  await expect(form.getByRole('textbox', { name: '내용' })).toContainText('육수가 시원해요. 면도 쫄깃해요.');

  // Saved: the draft is gone, the next 글쓰기 starts empty.
  await form.getByRole('button', { name: '저장' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: `${title} 자세히 보기` })).toBeVisible();
  await page.getByRole('button', { name: '글쓰기' }).click();
  form = page.getByRole('dialog', { name: '새 게시글' });
  await expect(form.getByRole('textbox', { name: '제목' })).toHaveValue('');
  await expect(form.getByText('작성 중이던 글이 있어요. 이어서 쓸까요?')).toHaveCount(0);
  await context.close();
});
