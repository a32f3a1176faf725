import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/store';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback } from '@/test/render';
import { SetupWizard } from './setup-wizard';

function setup(onDone = vi.fn()) {
  useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: makeUser({ name: '', isNewUser: true }), remember: false });
  const { queryClient } = renderWithFeedback(<SetupWizard onDone={onDone} />);
  return { user: userEvent.setup(), onDone, queryClient };
}

/** The group or field's error: `aria-invalid` and the text its `aria-describedby` points to. */
async function expectInvalid(element: () => HTMLElement, text: string) {
  await waitFor(() => {
    const el = element();
    expect(el.getAttribute('aria-invalid')).toBe('true');
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(text);
  });
}

/** Texts of the toasts once one contains `text` (sonner renders them after a tick). */
const alertText = async (text: string) => (await findToast(text)).textContent;

describe('setup wizard (SPEC §2, §5)', () => {
  it('checks each step before advancing, with the exact messages under the fields', async () => {
    const { user } = setup();
    expect(screen.getByRole('heading', { level: 2, name: '성별' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '다음' }));
    await expectInvalid(() => screen.getByRole('group', { name: '성별' }), '성별을 선택해주세요.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '남성' }));

    await user.click(screen.getByRole('button', { name: '여성' }));
    expect(screen.getByRole('button', { name: '여성' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '다음' }));
    expect(screen.getByRole('heading', { level: 2, name: '이름과 나이' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '다음' }));
    await expectInvalid(() => screen.getByLabelText('이름'), '이름과 나이를 입력해주세요.');
    await expectInvalid(() => screen.getByLabelText('나이'), '이름과 나이를 입력해주세요.');
    expect(document.activeElement).toBe(screen.getByLabelText('이름'));
    await user.type(screen.getByLabelText('이름'), '김밥상');
    await user.type(screen.getByLabelText('나이'), '200');
    await user.click(screen.getByRole('button', { name: '다음' }));
    await expectInvalid(() => screen.getByLabelText('나이'), '나이는 14부터 120까지 입력할 수 있어요.');
    expect(screen.getByLabelText('이름').getAttribute('aria-invalid')).toBe('false');
    await user.clear(screen.getByLabelText('나이'));
    await user.type(screen.getByLabelText('나이'), '27');
    await user.click(screen.getByRole('button', { name: '다음' }));
    expect(screen.getByRole('heading', { level: 2, name: '음식 취향' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '다음' }));
    await expectInvalid(() => screen.getByRole('group', { name: '음식 취향' }), '선호하는 음식을 1개 이상 선택해주세요.');
    await user.click(screen.getByRole('button', { name: '맵찔이' }));
    // The error leaves with the first choice (issue #31), before 다음.
    await waitFor(() => expect(screen.queryByText('선호하는 음식을 1개 이상 선택해주세요.')).toBeNull());
    await user.click(screen.getByRole('button', { name: '다음' }));
    expect(screen.getByRole('heading', { level: 2, name: '프로필 사진' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '이전' }));
    expect(screen.getByRole('button', { name: '맵찔이' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '이전' }));
    expect((screen.getByLabelText('나이') as HTMLInputElement).value).toBe('27');
  }, 15_000);

  it('submits without gender and with an integer age, then says done', async () => {
    const put = vi.fn((_url: string, init: RequestInit | undefined) => jsonResponse(makeUser({ ...JSON.parse(String(init?.body)), isNewUser: false })));
    mockFetch({ 'PUT /api/user/profile': put });
    const { user, onDone, queryClient } = setup();
    await user.click(screen.getByRole('button', { name: '남성' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.type(screen.getByLabelText('이름'), '박친구');
    await user.type(screen.getByLabelText('나이'), '31');
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '한식' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '토끼' }));
    expect(screen.getByRole('button', { name: '토끼' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '가입 완료' }));

    expect(put).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String(put.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('gender');
    expect(body.age).toBe(31);
    expect(body.name).toBe('박친구');
    expect(body.profileImage).toBe('/avatars/rabbit.svg');
    expect((body.preferences as Record<string, boolean>)['한식']).toBe(true);
    expect(await screen.findByText('프로필 설정이 완료됐어요. 밥상친구를 시작해보세요!')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
    expect(useSession.getState().user?.isNewUser).toBe(false);
    expect(queryClient.getQueryData(['me'])).toMatchObject({ name: '박친구', age: 31 });
  }, 15_000);

  it('puts a server 400 naming a field back on its step, under the field', async () => {
    mockFetch({ 'PUT /api/user/profile': () => jsonResponse({ code: 'VALIDATION', field: 'name', message: "'이름'(name) 값이 올바르지 않습니다." }, 400) });
    const { user, onDone } = setup();
    await user.click(screen.getByRole('button', { name: '남성' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.type(screen.getByLabelText('이름'), '박친구');
    await user.type(screen.getByLabelText('나이'), '31');
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '분식' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '가입 완료' }));
    await expectInvalid(() => screen.getByLabelText('이름'), "'이름'(name) 값이 올바르지 않습니다.");
    expect(screen.getByRole('heading', { level: 2, name: '이름과 나이' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  }, 15_000);

  it('shows the failure message when the save fails', async () => {
    mockFetch({ 'PUT /api/user/profile': () => jsonResponse({ message: '잘못된 요청' }, 400) });
    const { user, onDone } = setup();
    await user.click(screen.getByRole('button', { name: '남성' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.type(screen.getByLabelText('이름'), '박친구');
    await user.type(screen.getByLabelText('나이'), '31');
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '분식' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '가입 완료' }));
    await screen.findByText('프로필 저장에 실패했어요. 다시 시도해주세요.');
    expect(await alertText('프로필 저장에 실패했어요. 다시 시도해주세요.')).toContain('프로필 저장에 실패했어요. 다시 시도해주세요.');
    expect(onDone).not.toHaveBeenCalled();
  }, 15_000);

  it('refuses a file that is not an image', async () => {
    const fetchMock = mockFetch({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '남성' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.type(screen.getByLabelText('이름'), '박친구');
    await user.type(screen.getByLabelText('나이'), '31');
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '분식' }));
    await user.click(screen.getByRole('button', { name: '다음' }));
    const input = screen.getByLabelText('프로필 사진 파일');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['hello'], 'note.txt', { type: 'text/plain' }));
    expect(await alertText('이미지 파일만 업로드할 수 있어요.')).toContain('이미지 파일만 업로드할 수 있어요.');
    expect(fetchMock).not.toHaveBeenCalled();
  }, 15_000);
});
