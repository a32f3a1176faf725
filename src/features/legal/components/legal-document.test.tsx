import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { LegalDocument } from './legal-document';

describe('LegalDocument (/terms, /privacy)', () => {
  it('names its version as a Korean date and shows the operator contact when it arrives', async () => {
    mockFetch({ 'GET /api/legal': () => jsonResponse({ termsVersion: '2026-11-26', privacyVersion: '2026-11-26', contactEmail: 'help@bapsang.test' }) });
    renderWithFeedback(<LegalDocument title="이용약관" version="2026-11-26" sections={[{ heading: '문의', paragraphs: ['문의: {contact}'] }]} />);
    expect(screen.getByText('시행일 2026년 11월 26일')).toBeTruthy();
    expect(screen.queryByText(/2026-11-26/)).toBeNull();
    expect(await screen.findByText('help@bapsang.test')).toBeTruthy();
  });
});
