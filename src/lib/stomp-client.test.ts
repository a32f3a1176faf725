import { describe, expect, it } from 'vitest';
import { liveUrl, RECONNECT_DELAY_MS } from './stomp-client';

describe('live channel URL (SPEC §7)', () => {
  it('follows the page origin: ws for http, wss for https', () => {
    expect(liveUrl('', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
    expect(liveUrl('', { protocol: 'https:', host: 'bapsang.example' })).toBe('wss://bapsang.example/ws');
  });

  it('uses the API host when one is configured', () => {
    expect(liveUrl('https://api.bapsang.example', { protocol: 'http:', host: 'localhost:5173' })).toBe('wss://api.bapsang.example/ws');
  });

  it('reconnects after 5000 ms (SPEC §9)', () => {
    expect(RECONNECT_DELAY_MS).toBe(5000);
  });
});
