/**
 * Profile edit (SPEC §2 "Profile edit", UI-TEXT.md "내 정보"): e-mail read-only, save goes home
 * with the success message and persists; cancel goes home.
 */
import { expect, test } from '@playwright/test';
import { expectFieldError } from './support/forms.ts';
import { createMemberViaApi, signIn } from './support/members.ts';
import { expectPath, profileMenuButton, statusToast } from './support/ui.ts';

test('내 정보: edit name, age and bio, save, and find them again', async ({ page, request }) => {
  const member = await createMemberViaApi(request, { name: '박밥상' });
  await signIn(page, member);

  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: '내 정보', exact: true }).click();
  await expectPath(page, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: '내 정보' })).toBeVisible();

  const email = page.getByLabel('이메일', { exact: true });
  await expect(email).toHaveValue(member.email);
  await expect(email).not.toBeEditable();
  await expect(page.getByLabel('이름', { exact: true })).toHaveValue('박밥상');

  await expect(page.getByLabel('나이', { exact: true })).toHaveValue('30');
  // The wizard requires an age (SPEC §5), so it cannot be cleared here: the error sits under 나이.
  await page.getByLabel('나이', { exact: true }).fill('');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expectFieldError(page.getByLabel('나이', { exact: true }), '나이를 입력해주세요.');
  await expect(page.getByLabel('나이', { exact: true })).toBeFocused();
  await expectPath(page, '/profile');

  await page.getByLabel('이름', { exact: true }).fill('박밥상친구');
  await page.getByLabel('나이', { exact: true }).fill('41');
  await page.getByLabel('자기소개', { exact: true }).fill('주말 점심 같이 드실 분!');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(statusToast(page, '저장했어요.')).toBeVisible();
  // Issue #31 item 1: saving stays on 내 정보 (SPEC §8 said "then home").
  await expectPath(page, '/profile');

  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${member.token}` } });
  expect(await me.json()).toMatchObject({ name: '박밥상친구', age: 41, bio: '주말 점심 같이 드실 분!', email: member.email });

  await page.goto('/profile');
  await expect(page.getByLabel('이름', { exact: true })).toHaveValue('박밥상친구');
  await page.getByRole('button', { name: '취소', exact: true }).click();
  await expectPath(page, '/');
});
