/**
 * Keyboard only (issue #14): sign up with e-mail verification and finish the setup wizard with
 * Tab / Shift+Tab / Enter / Space — no mouse. Field errors sit under their field with
 * `aria-invalid="true"` (a short password says "비밀번호는 8자 이상이어야 해요.") and focus goes to
 * the first invalid field.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectFieldError, expectFieldValid } from './support/forms.ts';
import { readCode } from './support/mail.ts';
import { uniqueEmail } from './support/members.ts';
import { expectPath, expectSignedIn, statusToast } from './support/ui.ts';

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i += 1) {
    // `el.ownerDocument.activeElement`: the e2e project has no DOM lib, the page has.
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${String(target)}`);
}

test('sign up and finish the setup wizard with the keyboard only', async ({ page }) => {
  const email = uniqueEmail('keyboard');
  await page.goto('/auth?mode=register');

  // Name and e-mail; Enter on 인증번호 전송 sends the code.
  const name = page.getByLabel('이름', { exact: true });
  await tabTo(page, name);
  await page.keyboard.type('키보드회원');
  await tabTo(page, page.getByLabel('이메일', { exact: true }));
  await page.keyboard.type(email);
  const send = page.getByRole('button', { name: '인증번호 전송', exact: true });
  await tabTo(page, send);
  const since = Date.now();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('이메일', { exact: true })).not.toBeEditable();

  // The mailed code; Space on 인증 확인 confirms it.
  const code = await readCode(email, { since });
  await tabTo(page, page.getByLabel('인증번호', { exact: true }));
  await page.keyboard.type(code);
  await tabTo(page, page.getByRole('button', { name: '인증 확인', exact: true }));
  await page.keyboard.press('Space');
  await expect(page.getByText('이메일 인증이 완료됐어요.', { exact: true })).toBeVisible();

  // A short password: the error under the field, aria-invalid, focus back on it.
  const password = page.getByLabel('비밀번호', { exact: true });
  await tabTo(page, password);
  await page.keyboard.type('short');
  await tabTo(page, page.getByRole('button', { name: '가입하기', exact: true }));
  await page.keyboard.press('Enter');
  await expectFieldError(password, '비밀번호는 8자 이상이어야 해요.');
  await expect(password).toBeFocused();
  await expect(page.getByRole('region', { name: /^알림/ }).locator('[data-sonner-toast]')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('keyboard-pass-1234');
  await expectFieldValid(password);
  // Issue #17: without the agreements the form names what is missing; Space on 전체 동의 gives all three.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '필수 동의 항목을 확인해주세요' })).toBeVisible();
  await tabTo(page, page.getByLabel('전체 동의', { exact: true }));
  await page.keyboard.press('Space');
  await expect(page.getByLabel('[필수] 만 14세 이상이에요', { exact: true })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: '가입하기', exact: true }));
  await page.keyboard.press('Enter');

  // Wizard step 1: 다음 without a gender → the group's error, focus on its first choice.
  await expect(page.getByRole('heading', { level: 2, name: '성별', exact: true })).toBeVisible();
  const next = page.getByRole('button', { name: '다음', exact: true });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expectFieldError(page.getByRole('group', { name: '성별', exact: true }), '성별을 선택해주세요.');
  const male = page.getByRole('button', { name: '남성', exact: true });
  await expect(male).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: '여성', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Step 2: the name comes from sign-up; a wrong age is refused, Enter in the field advances.
  await expect(page.getByRole('heading', { level: 2, name: '이름과 나이', exact: true })).toBeFocused();
  const age = page.getByLabel('나이', { exact: true });
  await tabTo(page, age);
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expectFieldError(age, '나이는 14부터 120까지 입력할 수 있어요.');
  await tabTo(page, page.getByLabel('이름', { exact: true }), { backwards: true });
  await expect(page.getByLabel('이름', { exact: true })).toHaveValue('키보드회원');
  await page.keyboard.press('Tab');
  await expect(age).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('29');
  await page.keyboard.press('Enter');

  // Step 3: Space toggles a preference.
  await expect(page.getByRole('heading', { level: 2, name: '음식 취향', exact: true })).toBeFocused();
  const korean = page.getByRole('button', { name: '한식', exact: true });
  await tabTo(page, korean);
  await page.keyboard.press('Space');
  await expect(korean).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Step 4: a default avatar, then 가입 완료.
  await expect(page.getByRole('heading', { level: 2, name: '프로필 사진', exact: true })).toBeFocused();
  const rabbit = page.getByRole('button', { name: '토끼', exact: true });
  await tabTo(page, rabbit);
  await page.keyboard.press('Enter');
  await expect(rabbit).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByRole('button', { name: '가입 완료', exact: true }));
  await page.keyboard.press('Enter');

  await expect(statusToast(page, '프로필 설정이 완료됐어요. 밥상친구를 시작해보세요!')).toBeVisible();
  await expectPath(page, '/');
  await expectSignedIn(page);
});

test('login with the keyboard: Enter on empty fields marks both, focus on the first', async ({ page }) => {
  await page.goto('/auth');
  const email = page.getByLabel('이메일', { exact: true });
  await tabTo(page, email);
  await page.keyboard.press('Enter');
  await expectFieldError(email, '이메일과 비밀번호를 입력해주세요.');
  await expectFieldError(page.getByLabel('비밀번호', { exact: true }), '이메일과 비밀번호를 입력해주세요.');
  await expect(email).toBeFocused();
});
