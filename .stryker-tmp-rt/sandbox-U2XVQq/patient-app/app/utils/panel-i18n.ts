/**
 * The user panel's own words in English and Hindi: the language preference switches them, as it
 * switches the analysis screen (utils/i18n.ts). Texts the spec quotes stay exactly as quoted in English.
 */
// @ts-nocheck

import type { Lang } from './i18n';

const en = {
  myPanel: 'My Panel',
  nav: {
    dashboard: 'Dashboard',
    reports: 'My Reports',
    chats: 'Chat History',
    upload: 'Upload Report',
    profile: 'Profile Settings',
    preferences: 'Preferences',
    trends: 'My Health Trends',
    subscription: 'Subscription',
  },
  searchPlaceholder: 'Search reports, chats...',
  search: 'Search',
  welcome: 'Welcome',
  userBadge: 'User',
  logout: 'Logout',
  menu: 'Menu',
  welcomeBack: 'Welcome back, ',
  dashboardSubtitle: 'Here is an overview of your reports, conversations and account.',
  uploadNew: 'Upload New Report',
  quickActions: 'Quick Actions',
  recentActivity: 'Recent Activity',
  noActivity: 'No recent activity',
  accountInfo: 'Account Information',
  theme: 'Theme',
  language: 'Language',
};
export type PanelLabels = typeof en;

const hi: PanelLabels = {
  myPanel: 'मेरा पैनल',
  nav: {
    dashboard: 'डैशबोर्ड',
    reports: 'मेरी रिपोर्ट',
    chats: 'चैट इतिहास',
    upload: 'रिपोर्ट अपलोड करें',
    profile: 'प्रोफ़ाइल सेटिंग्स',
    preferences: 'प्राथमिकताएँ',
    trends: 'मेरे स्वास्थ्य रुझान',
    subscription: 'सदस्यता',
  },
  searchPlaceholder: 'रिपोर्ट, चैट खोजें...',
  search: 'खोजें',
  welcome: 'स्वागत है',
  userBadge: 'उपयोगकर्ता',
  logout: 'लॉग आउट',
  menu: 'मेनू',
  welcomeBack: 'फिर से स्वागत है, ',
  dashboardSubtitle: 'आपकी रिपोर्ट, बातचीत और खाते का सारांश।',
  uploadNew: 'नई रिपोर्ट अपलोड करें',
  quickActions: 'त्वरित कार्य',
  recentActivity: 'हाल की गतिविधि',
  noActivity: 'कोई हाल की गतिविधि नहीं',
  accountInfo: 'खाते की जानकारी',
  theme: 'थीम',
  language: 'भाषा',
};

export function panelLabels(lang: Lang | string | null | undefined): PanelLabels {
  return lang === 'hi' ? hi : en;
}
