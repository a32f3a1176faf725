/**
 * Issue #17 items 5 and 6 end to end: a member reports another member's post from the board
 * (신고하기 → reason → 신고가 접수되었어요.; again → 이미 신고한 내용이에요.), the admin (ADMIN_EMAILS)
 * opens 관리자 from the profile menu, sees the report with its content and hides it, and the post
 * is gone for everyone — the reporter, a bystander and its author. A member opening /admin sees
 * "권한이 없어요." and no 관리자 menu item.
 */
import { expect, test } from '@playwright/test';
import { adminViaApi, createMemberViaApi, signIn } from './support/members.ts';
import { profileMenuButton, statusToast } from './support/ui.ts';

test('an admin hides a reported post and it is gone for everyone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const author = await createMemberViaApi(request, { name: `글쓴이${suffix}` });
  const reporter = await createMemberViaApi(request, { name: `신고자${suffix}` });
  const bystander = await createMemberViaApi(request, { name: `구경꾼${suffix}` });
  const admin = await adminViaApi(request);
  const title = `수상한 홍보 ${suffix}`;
  const created = await request.post('/api/board', {
    headers: { authorization: `Bearer ${author.token}` },
    data: { title, content: '<p>여기로 연락 주세요</p>', tags: ['맛집'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    return context.newPage();
  };

  // The reporter reports the post from its detail dialog.
  const r = await open();
  await signIn(r, reporter);
  await r.goto('/board');
  await r.getByRole('button', { name: `${title} 자세히 보기` }).click();
  const detail = r.getByRole('dialog', { name: title });
  await detail.getByRole('button', { name: '글 신고하기' }).click();
  const dialog = r.getByRole('dialog', { name: '신고하기' });
  await expect(dialog.getByRole('radio', { name: '사기·금전 요구' })).toBeVisible();
  await dialog.getByRole('radio', { name: '스팸·홍보' }).check();
  await dialog.getByRole('textbox', { name: '자세한 내용 (선택)' }).fill('외부 연락처로 유도해요');
  await expect(dialog).toContainText('12/500');
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await expect(statusToast(r, '신고가 접수되었어요.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Once per member: the second report is answered kindly.
  await detail.getByRole('button', { name: '글 신고하기' }).click();
  await dialog.getByRole('radio', { name: '기타' }).check();
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await expect(statusToast(r, '이미 신고한 내용이에요.')).toBeVisible();

  // A member has no 관리자 item and /admin refuses them.
  await r.keyboard.press('Escape');
  await r.goto('/board');
  await profileMenuButton(r).click();
  await expect(r.getByRole('menuitem', { name: '내 정보' })).toBeVisible();
  await expect(r.getByRole('menuitem', { name: '관리자' })).toHaveCount(0);
  await r.keyboard.press('Escape');
  await r.goto('/admin');
  await expect(r.getByRole('heading', { level: 1, name: '권한이 없어요.' })).toBeVisible();

  // The admin opens 관리자, finds the report with the content, reporter count and reason, and hides it.
  const a = await open();
  await signIn(a, admin);
  await profileMenuButton(a).click();
  await a.getByRole('menuitem', { name: '관리자' }).click();
  await expect(a.getByRole('heading', { level: 1, name: '관리자' })).toBeVisible();
  await expect(a).toHaveTitle('관리자 · 밥상친구');
  const card = a.locator('.admin-report').filter({ hasText: title });
  await expect(card).toContainText('신고 1명');
  await expect(card).toContainText('스팸·홍보');
  await expect(card).toContainText('여기로 연락 주세요');
  await expect(card).toContainText(author.name);
  await expect(card).toContainText('외부 연락처로 유도해요');
  await card.getByRole('button', { name: '숨기기' }).click();
  const confirm = a.getByRole('alertdialog');
  await expect(confirm).toContainText('이 내용을 숨길까요?');
  await confirm.getByRole('button', { name: '확인' }).click();
  await expect(statusToast(a, '처리했어요.')).toBeVisible();
  await expect(card).toHaveCount(0);
  // Resolved, and in the audit.
  await a.getByRole('button', { name: '처리됨' }).click();
  await expect(a.locator('.admin-report').filter({ hasText: title })).toContainText('숨김');
  await a.getByRole('tab', { name: '감사 기록' }).click();
  await expect(a.getByRole('tabpanel')).toContainText('내용 숨김');

  // Gone for everyone: the reporter, a bystander and the author.
  const b = await open();
  await signIn(b, bystander);
  const w = await open();
  await signIn(w, author);
  for (const page of [r, b, w]) {
    await page.goto('/board');
    await expect(page.getByRole('heading', { level: 1, name: '맛집 소개' })).toBeVisible();
    await expect(page.getByRole('button', { name: `${title} 자세히 보기` })).toHaveCount(0);
  }
});
