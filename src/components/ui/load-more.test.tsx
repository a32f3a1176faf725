import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, LOAD_MORE_TEXT } from './load-more';

/** A stand-in IntersectionObserver whose `fire(inView)` reports on every observed node. */
const observers: Array<{ fire: (inView: boolean) => void; disconnected: boolean }> = [];
class FakeObserver {
  private nodes: Element[] = [];
  private entry = { fire: (inView: boolean) => this.callback(this.nodes.map((target) => ({ target, isIntersecting: inView }))), disconnected: false };
  constructor(private callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void) {
    observers.push(this.entry);
  }
  observe(node: Element) {
    this.nodes.push(node);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

afterEach(() => {
  observers.length = 0;
  vi.unstubAllGlobals();
});

const query = (over: Partial<Parameters<typeof LoadMore>[0]['query']> = {}) => ({ hasNextPage: true, isFetchingNextPage: false, isFetchNextPageError: false, fetchNextPage: vi.fn(() => Promise.resolve()), ...over });

describe('LoadMore (issue #19 item 1)', () => {
  it('fetches the next page when the sentinel scrolls into view, not before', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const q = query();
    render(<LoadMore query={q} />);
    observers.at(-1)!.fire(false);
    expect(q.fetchNextPage).not.toHaveBeenCalled();
    observers.at(-1)!.fire(true);
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('has a visible 더 보기 button for keyboard users, disabled while a page loads', () => {
    const q = query();
    const { rerender } = render(<LoadMore query={q} />);
    fireEvent.click(screen.getByRole('button', { name: LOAD_MORE_TEXT.more }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMore query={{ ...q, isFetchingNextPage: true }} />);
    expect((screen.getByRole('button', { name: LOAD_MORE_TEXT.loading }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('after a failed page: says so, retries only by the button (no observer loop)', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const q = query({ isFetchNextPageError: true });
    render(<LoadMore query={q} />);
    expect(screen.getByRole('alert').textContent).toBe(LOAD_MORE_TEXT.failed);
    expect(observers).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: LOAD_MORE_TEXT.retry }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('renders nothing on the last page', () => {
    const { container } = render(<LoadMore query={query({ hasNextPage: false })} />);
    expect(container.innerHTML).toBe('');
  });
});
