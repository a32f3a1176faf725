import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback } from '@/test/render';
import { ReportButton } from './report-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('신고하기 (issue #17 item 5)', () => {
  it('asks for a reason, counts the detail, sends {targetType, targetId, reason, detail} with the button disabled, then 신고가 접수되었어요.', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = mockFetch({
      'POST /api/reports': async () => {
        await gate;
        return jsonResponse({ id: 1, message: '신고가 접수되었어요.' }, 201);
      },
    });
    renderWithFeedback(<ReportButton targetType="post" targetId={7} label="글 신고하기" />);
    await userEvent.click(screen.getByRole('button', { name: '글 신고하기' }));
    const dialog = await screen.findByRole('dialog', { name: '신고하기' });
    for (const reason of ['스팸·홍보', '욕설·비하', '성적인 내용', '사기·금전 요구', '약속 불이행(노쇼)', '기타']) expect(screen.getByRole('radio', { name: reason })).toBeTruthy();

    // No reason chosen: nothing is sent, the error says so.
    await userEvent.click(screen.getByRole('button', { name: '신고하기' }));
    expect(await screen.findByText('신고 사유를 골라주세요.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: '사기·금전 요구' }));
    const detail = screen.getByRole('textbox', { name: '자세한 내용 (선택)' });
    expect(detail.getAttribute('maxlength')).toBe('500');
    await userEvent.type(detail, '  입금 요구  ');
    expect(dialog.textContent).toContain('9/500');
    await userEvent.click(screen.getByRole('button', { name: '신고하기' }));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: '보내는 중…' }).disabled).toBe(true));
    release();
    await findToast('신고가 접수되었어요.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ targetType: 'post', targetId: 7, reason: 'scam', detail: '입금 요구' });
  });

  it('409 → 이미 신고한 내용이에요. and the dialog closes; no detail is sent when it is blank', async () => {
    const fetch = mockFetch({ 'POST /api/reports': () => jsonResponse({ code: 'ALREADY_REPORTED', message: '이미 신고한 내용이에요.' }, 409) });
    renderWithFeedback(<ReportButton targetType="member" targetId={3} />);
    await userEvent.click(screen.getByRole('button', { name: '신고하기' }));
    await screen.findByRole('dialog', { name: '신고하기' });
    await userEvent.click(screen.getByRole('radio', { name: '기타' }));
    const submit = screen.getAllByRole('button', { name: '신고하기' }).at(-1)!;
    await userEvent.click(submit);
    await findToast('이미 신고한 내용이에요.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ targetType: 'member', targetId: 3, reason: 'other' });
  });
});
