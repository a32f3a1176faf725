/**
 * Accounts end to end (issue #2, SPEC §2 auth card and wizard, §4 registration, §5, §8):
 * register with e-mail verification → the setup wizard with each step's check → home; logout;
 * a failed login; forgot password with a real reset code.
 */
import { expect, test } from '@playwright/test';
import { expectFieldError } from './support/forms.ts';
import { readCode } from './support/mail.ts';
import { createMemberViaApi, loginViaUi, registerViaUi, signIn, uniqueEmail } from './support/members.ts';
import {
  alertToast,
  authForm,
  buttonOrLink,
  expectPath,
  expectSignedIn,
  expectSignedOut,
  profileMenuButton,
  statusToast,
} from './support/ui.ts';

test('register with e-mail verification, complete the wizard step by step, land on home', async ({ page }) => {
  const member = { name: '김밥상', email: uniqueEmail('register'), password: 'bapsang-pass-1234' };
  await registerViaUi(page, member);

  // Step 1: gender.
  const next = page.getByRole('button', { name: '다음', exact: true });
  await next.click();
  // Errors sit under their field (issue #14), focus goes to the first invalid one.
  await expectFieldError(page.getByRole('group', { name: '성별', exact: true }), '성별을 선택해주세요.');
  await expect(page.getByRole('button', { name: '남성', exact: true })).toBeFocused();
  const female = page.getByRole('button', { name: '여성', exact: true });
  await female.click();
  await expect(female).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '남성', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await next.click();

  // Step 2: name and age (the name may come pre-filled from sign-up: empty both first).
  await expect(page.getByRole('heading', { level: 2, name: '이름과 나이', exact: true })).toBeVisible();
  const name = page.getByLabel('이름', { exact: true });
  const age = page.getByLabel('나이', { exact: true });
  await name.fill('');
  await age.fill('');
  await next.click();
  await expectFieldError(name, '이름과 나이를 입력해주세요.');
  await expectFieldError(age, '이름과 나이를 입력해주세요.');
  await expect(name).toBeFocused();
  await name.fill(member.name);
  await age.fill('29');
  await next.click();

  // Step 3: at least one food preference.
  await expect(page.getByRole('heading', { level: 2, name: '음식 취향', exact: true })).toBeVisible();
  await next.click();
  await expectFieldError(page.getByRole('group', { name: '음식 취향', exact: true }), '선호하는 음식을 1개 이상 선택해주세요.');
  for (const label of ['한식', '매운맛 러버', '육식 지향', '채식 지향', '맵찔이']) {
    await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
  }
  const korean = page.getByRole('button', { name: '한식', exact: true });
  await korean.click();
  await expect(korean).toHaveAttribute('aria-pressed', 'true');
  await next.click();

  // Step 4: a default avatar; "이전" goes back one step and keeps what was chosen.
  await expect(page.getByRole('heading', { level: 2, name: '프로필 사진', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '프로필 사진 업로드' })).toBeVisible();
  await page.getByRole('button', { name: '이전', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: '음식 취향', exact: true })).toBeVisible();
  await expect(korean).toHaveAttribute('aria-pressed', 'true');
  await next.click();
  const rabbit = page.getByRole('button', { name: '토끼', exact: true });
  await rabbit.click();
  await expect(rabbit).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '곰', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: '가입 완료', exact: true }).click();

  await expect(statusToast(page, '프로필 설정이 완료됐어요. 밥상친구를 시작해보세요!')).toBeVisible();
  await expectPath(page, '/');
  await expect(buttonOrLink(page.getByRole('main'), '매칭하기')).toBeVisible();
  await expect(buttonOrLink(page.getByRole('main'), '일정 만들기')).toBeVisible();
  await expectSignedIn(page);

  // The profile was saved: after a reload the member is set up (not sent back to the wizard).
  await page.reload();
  await expectPath(page, '/');
  await expectSignedIn(page);
});

test('the register tab keeps 가입하기 disabled until the e-mail is verified and checks its fields; 이메일 변경 fixes a typo after the code was sent', async ({ page }) => {
  await page.goto('/auth?mode=register');
  const form = authForm(page, '이름');
  await expect(form.getByRole('button', { name: '가입하기', exact: true })).toBeDisabled();
  await form.getByRole('button', { name: '인증번호 전송', exact: true }).click();
  await expectFieldError(form.getByLabel('이메일', { exact: true }), '이메일을 먼저 입력해주세요.');

  const email = uniqueEmail('wrongcode');
  await form.getByLabel('이메일', { exact: true }).fill(email);
  const since = Date.now();
  await form.getByRole('button', { name: '인증번호 전송', exact: true }).click();
  const code = await readCode(email, { since });
  await form.getByRole('button', { name: '인증 확인', exact: true }).click();
  const codeField = form.getByLabel('인증번호', { exact: true });
  await expectFieldError(codeField, '인증번호를 입력해주세요.');
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: '인증 확인', exact: true }).click();
  // The server's CODE_MISMATCH lands on the code field.
  await expectFieldError(codeField, '인증번호가 올바르지 않아요.');
  await expect(form.getByRole('button', { name: '가입하기', exact: true })).toBeDisabled();
  // 재전송 waits for its countdown.
  await expect(form.getByRole('button', { name: /초 후 재전송$/ })).toBeDisabled();

  // Issue #31 item 6: the address had a typo: 이메일 변경 unlocks it, the corrected one gets its own code.
  await form.getByRole('button', { name: '이메일 변경', exact: true }).click();
  const emailField = form.getByLabel('이메일', { exact: true });
  await expect(emailField).toBeEditable();
  await expect(emailField).toBeFocused();
  await expect(codeField).toHaveCount(0);
  const corrected = uniqueEmail('corrected');
  await emailField.fill(corrected);
  const resentSince = Date.now();
  await form.getByRole('button', { name: '인증번호 전송', exact: true }).click();
  await codeField.fill(await readCode(corrected, { since: resentSince }));
  await form.getByRole('button', { name: '인증 확인', exact: true }).click();
  await expect(page.getByText('이메일 인증이 완료됐어요.', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: '가입하기', exact: true })).toBeEnabled();
});

test('logout from the profile menu returns to the signed-out top bar', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  await signIn(page, member, { remember: true });

  await profileMenuButton(page).click();
  const menu = page.getByRole('menu');
  for (const item of ['내 정보', '내 리뷰', '활동 내역', '로그아웃']) {
    await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: '로그아웃', exact: true }).click();
  await expectSignedOut(page);

  // Nothing of the session is left behind: a reload stays signed out.
  await page.reload();
  await expectSignedOut(page);
});

test('회원 탈퇴 from the profile page: a wrong password stays on the field, the right one signs out and the old password no longer works', async ({ page, request }) => {
  const member = await createMemberViaApi(request, { name: '탈퇴할회원' });
  await signIn(page, member);
  await page.goto('/profile');
  await page.getByRole('button', { name: '회원 탈퇴', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '회원 탈퇴' });
  await expect(dialog.getByText('탈퇴하면 내 정보가 지워지고 되돌릴 수 없어요.')).toBeVisible();
  const password = dialog.getByLabel('비밀번호 확인', { exact: true });
  await password.fill('not-the-password');
  await dialog.getByRole('button', { name: '탈퇴하기', exact: true }).click();
  await expectFieldError(password, '비밀번호가 올바르지 않아요.');

  await password.fill(member.password);
  await dialog.getByRole('button', { name: '탈퇴하기', exact: true }).click();
  await expect(statusToast(page, '탈퇴가 완료되었어요. 그동안 이용해주셔서 고마워요.')).toBeVisible();
  await expectPath(page, '/');
  await expectSignedOut(page);

  // The old token is dead and the old password signs in no more.
  expect((await request.get('/api/user/me', { headers: { authorization: `Bearer ${member.token}` } })).status()).toBe(401);
  await loginViaUi(page, member, { expectSuccess: false });
  await expect(alertToast(page, '로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.')).toBeVisible();
});

test('a wrong password or unknown e-mail shows the login failure message; empty fields are checked', async ({ page, request }) => {
  const member = await createMemberViaApi(request);

  await page.goto('/auth');
  await authForm(page).getByRole('button', { name: '로그인', exact: true }).click();
  await expectFieldError(authForm(page).getByLabel('이메일', { exact: true }), '이메일과 비밀번호를 입력해주세요.');
  await expectFieldError(authForm(page).getByLabel('비밀번호', { exact: true }), '이메일과 비밀번호를 입력해주세요.');

  await loginViaUi(page, { email: member.email, password: 'not-the-password' }, { expectSuccess: false });
  await expect(alertToast(page, '로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.')).toBeVisible();
  await expectPath(page, '/auth');

  await loginViaUi(page, { email: uniqueEmail('nobody'), password: 'whatever-1234' }, { expectSuccess: false });
  await expect(alertToast(page, '로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.')).toBeVisible();
  await expectSignedOut(page);
});

test('forgot password: a reset code by mail sets a new password that signs in', async ({ page, request }) => {
  const member = await createMemberViaApi(request);
  const newPassword = 'brand-new-pass-5678';

  await page.goto('/auth');
  await authForm(page).getByRole('button', { name: '비밀번호 찾기', exact: true }).click();
  // The login form leaves with a 0.5 s animation: address the forgot-password form by its own button.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '재설정 코드 전송', exact: true }) });
  await form.getByLabel('이메일', { exact: true }).fill(member.email);
  const since = Date.now();
  await form.getByRole('button', { name: '재설정 코드 전송', exact: true }).click();
  await expect(statusToast(page, '비밀번호 재설정 코드를 이메일로 보냈어요.')).toBeVisible();

  const code = await readCode(member.email, { since });
  await page.getByLabel('재설정 코드', { exact: true }).fill(code);
  await page.getByLabel('새 비밀번호', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '비밀번호 변경', exact: true }).click();
  await expect(statusToast(page, '비밀번호가 변경됐어요. 새 비밀번호로 로그인해주세요.')).toBeVisible();

  // The old password no longer works; the new one does.
  const old = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(old.status()).toBe(401);
  // Tokens issued before the reset are revoked.
  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${member.token}` } });
  expect(me.status()).toBe(401);
  await signIn(page, { email: member.email, password: newPassword });
});
