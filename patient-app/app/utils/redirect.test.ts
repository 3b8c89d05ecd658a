import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

/** Known open-redirect bypasses (as the login form receives them, decoded once) all fall back. */
const REDIRECT_BYPASSES = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/..//evil.example',
  '/./..//evil.example',
  'https://evil.example/',
  'http:evil.example',
  '//evil.example/%2F..',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '\u3002evil.example',
  'evil.example',
  '',
];

describe('safeRedirect', () => {
  it.each(REDIRECT_BYPASSES)('refuses %j', (to) => {
    const out = safeRedirect(to);
    expect(out).toBe('/dashboard');
  });
  it('keeps paths of this site, query and fragment included, as parsed', () => {
    expect(safeRedirect('/user/reports?page=2#top')).toBe('/user/reports?page=2#top');
    expect(safeRedirect('/analysis/12')).toBe('/analysis/12');
    // Encoded slashes stay encoded: a path, not a host.
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeRedirect('/a/../user')).toBe('/user');
  });
  it('never sends back to the sign-in pages', () => {
    expect(safeRedirect('/login?redirectTo=/x')).toBe('/dashboard');
    expect(safeRedirect('/logout')).toBe('/dashboard');
    expect(safeRedirect('/register')).toBe('/dashboard');
  });
});
