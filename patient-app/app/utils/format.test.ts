import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  formatRemaining,
  formatSize,
  formatTime,
} from './format';

describe('dates in one format in both languages (SPEC §2, decision 251)', () => {
  it("writes 'MMM d, yyyy' in English, in India's time", () => {
    expect(formatDate('2025-03-05T10:00:00Z')).toBe('Mar 5, 2025');
    // 20:00 UTC on the 31st is already 1 Jan in India.
    expect(formatDate('2025-12-31T20:00:00Z')).toBe('Jan 1, 2026');
    expect(formatDate('2025-03-05')).toBe('Mar 5, 2025');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('writes the same pattern with Hindi month names on a Hindi page', () => {
    expect(formatDate('2025-03-05T10:00:00Z', 'hi')).toBe('मार्च 5, 2025');
    expect(formatDate('2026-11-28T03:00:00Z', 'hi')).toBe('नव॰ 28, 2026');
    expect(formatDate(undefined, 'hi')).toBe('उपलब्ध नहीं');
  });

  it("uses exactly the month names Intl gives for 'hi-IN' and 'en-US'", () => {
    const hi = new Intl.DateTimeFormat('hi-IN', { month: 'short', timeZone: 'UTC' });
    const en = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
    for (let m = 0; m < 12; m++) {
      const d = new Date(Date.UTC(2025, m, 15, 0, 0));
      expect(formatDate(d.toISOString(), 'hi')).toBe(`${hi.format(d)} 15, 2025`);
      expect(formatDate(d.toISOString())).toBe(`${en.format(d)} 15, 2025`);
    }
  });

  it('adds the time of day in 12-hour form after the date', () => {
    expect(formatDateTime('2025-03-05T10:04:00Z')).toBe('Mar 5, 2025, 3:34 PM');
    expect(formatDateTime('2025-03-04T18:30:00Z', 'hi')).toBe('मार्च 5, 2025, 12:00 AM');
    expect(formatTime('2025-03-05T01:00:00Z')).toBe('6:30 AM');
  });

  it("writes a usage month 'YYYY-MM' as 'MMM yyyy' and leaves other text alone", () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-01', 'hi')).toBe('जन॰ 2026');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('last month')).toBe('last month');
  });
});

describe('file sizes (SPEC §9: Bytes, KB, MB or GB with two decimals)', () => {
  it('says "Bytes" in the page\'s language, the KB/MB/GB symbols in both', () => {
    expect(formatSize(943)).toBe('943 Bytes');
    expect(formatSize(943, 'hi')).toBe('943 बाइट');
    expect(formatSize(0, 'hi')).toBe('0 बाइट');
    expect(formatSize(1536, 'hi')).toBe('1.50 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.00 MB');
  });
});

describe('time left of a guest session', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it('is hours and minutes, in words on a Hindi page', () => {
    expect(formatRemaining('2026-11-30T09:59:00Z', now)).toBe('47h 59m');
    expect(formatRemaining('2026-11-30T09:59:00Z', now, 'hi')).toBe('47 घंटे 59 मिनट');
    expect(formatRemaining('2026-11-28T09:00:00Z', now, 'hi')).toBe('0 घंटे 0 मिनट');
    expect(formatRemaining('2026-11-28T09:00:00Z', now)).toBe('0h 0m');
  });
});

describe('formatNumber', () => {
  it("writes a measured number exactly as Intl's en-IN and hi-IN do (full precision)", () => {
    const intl = (lang: string) => new Intl.NumberFormat(lang, { maximumFractionDigits: 20 });
    for (const n of [0, 5.6, 999, 1000, 4500, 150000, 250000, 1234.56, 12345678.9, -12345, 0.014])
      for (const lang of ['en-IN', 'hi-IN']) expect(formatNumber(n)).toBe(intl(lang).format(n));
  });
});
