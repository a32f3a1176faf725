import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithFeedback } from '@/test/render';
import { Dialog } from './dialog';
import { confirmDialog } from './feedback-store';

/** Opened by a plain button (no Radix Trigger), as most of our dialogs are. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      <button type="button" onClick={() => setOpen(true)}>
        글쓰기
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="새 글">
        <input aria-label="제목" />
      </Dialog>
    </main>
  );
}

describe('focus returns to the opener when a dialog closes (issue #14)', () => {
  it('after Esc and after the close button', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '글쓰기' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: '새 글' });
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('after the confirm dialog answers', async () => {
    renderWithFeedback(
      <button type="button" onClick={() => void confirmDialog('일정을 삭제하시겠습니까?')}>
        삭제
      </button>,
    );
    const opener = screen.getByRole('button', { name: '삭제' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('an opener gone before the confirm closes hands the focus to its data-focus-successor', async () => {
    function Vanishing() {
      const [requested, setRequested] = useState(false);
      return (
        <main id="main" tabIndex={-1}>
          <button type="button" id="card">
            식당2 {requested ? '신청함' : ''}
          </button>
          {!requested && (
            <button type="button" data-focus-successor="#card" onClick={() => void confirmDialog('신청할까요?').then((ok) => setRequested(ok))}>
              매칭 신청
            </button>
          )}
        </main>
      );
    }
    renderWithFeedback(<Vanishing />);
    await userEvent.click(screen.getByRole('button', { name: '매칭 신청' }));
    await userEvent.click(await screen.findByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('card')));
  });
});
