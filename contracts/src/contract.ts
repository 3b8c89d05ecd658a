import { publicUser } from './auth';
import { createdShareLink, createShareLinkRequest, shareLinksResponse } from './share-links';
import {
  anonymizeRequest,
  anonymizeResponse,
  privacyOverview,
  retentionResponse,
  retentionUpdate,
  retentionUpdateResponse,
  chatsByReportPage,
  chatsByReportQuery,
  deleteReportChatsResponse,
  reportTypesResponse,
  searchQuery,
  searchResults,
  userChatsPage,
  userChatsQuery,
  userReportsPage,
  userReportsQuery,
  accountSummary,
  activityQuery,
  activityResponse,
  changePasswordRequest,
  changePasswordResponse,
  dashboardStats,
  messageResponse,
  preferencesResponse,
  preferencesUpdate,
  preferencesUpdateResponse,
  profileUpdateRequest,
  profileUpdateResponse,
  quickActionsResponse,
  analyteTrend,
  reportDateRequest,
  reportDateResponse,
  trendParams,
  trendsQuery,
  trendsResponse,
} from './user';
import { adminDataContract } from './contract-admin-data';
import { ADDRESSES } from './endpoint-addresses';
import { adminOpsContract } from './contract-admin-ops';
import { patientContract } from './contract-patient';
import { endpoint, idParams } from './endpoint';
import { chatListResponse, chatMessage, chatRequest, feedbackRequest, feedbackResponse } from './reports';

/**
 * The endpoint table: each entry is an address (endpoint-addresses.ts) with its input and answer
 * schemas. Features move here one at a time; a converted feature has no hand-written path left in
 * the API or the client.
 */
export const contract = {
  chats: {
    send: endpoint(ADDRESSES.chats.send, { body: chatRequest, response: chatMessage }),
    list: endpoint(ADDRESSES.chats.list, { params: idParams('id'), response: chatListResponse }),
  },
  user: {
    me: endpoint(ADDRESSES.user.me, { response: publicUser }),
    preferences: endpoint(ADDRESSES.user.preferences, { response: preferencesResponse }),
    updatePreferences: endpoint(ADDRESSES.user.updatePreferences, {
      body: preferencesUpdate,
      response: preferencesUpdateResponse,
    }),
    dashboardStats: endpoint(ADDRESSES.user.dashboardStats, { response: dashboardStats }),
    recentActivity: endpoint(ADDRESSES.user.recentActivity, {
      query: activityQuery,
      response: activityResponse,
    }),
    quickActions: endpoint(ADDRESSES.user.quickActions, { response: quickActionsResponse }),
    updateProfile: endpoint(ADDRESSES.user.updateProfile, {
      body: profileUpdateRequest,
      response: profileUpdateResponse,
    }),
    changePassword: endpoint(ADDRESSES.user.changePassword, {
      body: changePasswordRequest,
      response: changePasswordResponse,
    }),
    deactivate: endpoint(ADDRESSES.user.deactivate, { response: messageResponse }),
    accountSummary: endpoint(ADDRESSES.user.accountSummary, { response: accountSummary }),
  },
  library: {
    reports: endpoint(ADDRESSES.library.reports, { query: userReportsQuery, response: userReportsPage }),
    reportTypes: endpoint(ADDRESSES.library.reportTypes, { response: reportTypesResponse }),
    deleteReport: endpoint(ADDRESSES.library.deleteReport, {
      params: idParams('id'),
      response: messageResponse,
    }),
    chats: endpoint(ADDRESSES.library.chats, { query: userChatsQuery, response: userChatsPage }),
    chatsByReport: endpoint(ADDRESSES.library.chatsByReport, {
      query: chatsByReportQuery,
      response: chatsByReportPage,
    }),
    deleteReportChats: endpoint(ADDRESSES.library.deleteReportChats, {
      params: idParams('id'),
      response: deleteReportChatsResponse,
    }),
    deleteChat: endpoint(ADDRESSES.library.deleteChat, { params: idParams('id'), response: messageResponse }),
    search: endpoint(ADDRESSES.library.search, { query: searchQuery, response: searchResults }),
  },
  privacy: {
    overview: endpoint(ADDRESSES.privacy.overview, { response: privacyOverview }),
    retention: endpoint(ADDRESSES.privacy.retention, { response: retentionResponse }),
    updateRetention: endpoint(ADDRESSES.privacy.updateRetention, {
      body: retentionUpdate,
      response: retentionUpdateResponse,
    }),
    anonymize: endpoint(ADDRESSES.privacy.anonymize, { body: anonymizeRequest, response: anonymizeResponse }),
  },
  shareLinks: {
    create: endpoint(ADDRESSES.shareLinks.create, {
      params: idParams('id'),
      body: createShareLinkRequest,
      response: createdShareLink,
    }),
    forReport: endpoint(ADDRESSES.shareLinks.forReport, {
      params: idParams('id'),
      response: shareLinksResponse,
    }),
    mine: endpoint(ADDRESSES.shareLinks.mine, { response: shareLinksResponse }),
    revoke: endpoint(ADDRESSES.shareLinks.revoke, { params: idParams('id'), response: messageResponse }),
  },
  trends: {
    list: endpoint(ADDRESSES.trends.list, { query: trendsQuery, response: trendsResponse }),
    get: endpoint(ADDRESSES.trends.get, { params: trendParams, response: analyteTrend }),
    setReportDate: endpoint(ADDRESSES.trends.setReportDate, {
      params: idParams('id'),
      body: reportDateRequest,
      response: reportDateResponse,
    }),
  },
  feedback: {
    create: endpoint(ADDRESSES.feedback.create, { body: feedbackRequest, response: feedbackResponse }),
  },
  ...adminDataContract,
  ...adminOpsContract,
  ...patientContract,
};
