import { describe, expect, it } from 'vitest';
import { MATCH_STATUSES } from '@common/domain/match-status';
import { statusLabel } from './match-request-item';

describe('status words (issue #31 item 4: one word per status)', () => {
  it('shows each status, and a waitlisted request, with its own word — not two spellings of one', () => {
    const labels = [...MATCH_STATUSES.map((status) => statusLabel({ status, waitlisted: false })?.label), statusLabel({ status: 'PENDING', waitlisted: true })?.label];
    expect(labels.every(Boolean)).toBe(true);
    const spaceless = labels.map((l) => l!.replace(/\s/g, ''));
    expect(new Set(spaceless).size).toBe(labels.length);
    expect(statusLabel({ status: 'PENDING', waitlisted: false })?.label).toBe('대기중');
    expect(statusLabel({ status: 'PENDING', waitlisted: true })?.label).toBe('자리 대기');
  });
});
