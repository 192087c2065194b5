import { describe, expect, it } from 'vitest';
import { qrCodeSvg, timeLeft } from './qr';

describe('QR payment', () => {
  it('renders the payload as an inline SVG QR code', async () => {
    const svg = await qrCodeSvg('https://gallop.example/crm/api/payment/sandbox/7?token=abc');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox');
    expect(svg).toMatch(/<path[^>]+stroke="#1d1a2b"/);
    // Another payload is another code.
    expect(await qrCodeSvg('https://gallop.example/other')).not.toBe(svg);
  });

  it('counts down to the expiry as m:ss and stops at 0:00', () => {
    const expiresAt = '2026-07-01T10:15:00.000Z';
    expect(timeLeft(expiresAt, Date.parse('2026-07-01T10:00:00.000Z'))).toBe('15:00');
    expect(timeLeft(expiresAt, Date.parse('2026-07-01T10:14:51.500Z'))).toBe('0:08');
    expect(timeLeft(expiresAt, Date.parse('2026-07-01T10:20:00.000Z'))).toBe('0:00');
  });
});
