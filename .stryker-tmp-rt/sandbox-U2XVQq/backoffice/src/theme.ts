// @ts-nocheck
import type { ThemeConfig } from 'antd';

/**
 * antd's default theme, darkened where its defaults miss WCAG AA contrast (4.5:1): white text on
 * the default blue primary is ~4.0:1, and secondary/description text at 45% black is ~2.5:1.
 * The login page's hand-written CSS uses the same colours (pages/login/login.css).
 */
export const ADMIN_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // Danger buttons and texts: antd's #ff4d4f is ~3.3:1 on white; red-7 passes 4.5:1.
    colorError: '#cf1322',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
};
