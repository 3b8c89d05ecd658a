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
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
};
