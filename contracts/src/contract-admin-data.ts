import { z } from 'zod';
import {
  ADMIN_CHAT_SORTS,
  ADMIN_REPORT_SORTS,
  ADMIN_USER_SORTS,
  ADMIN_USER_STATUSES,
  adminChat,
  adminChatChange,
  adminChatFlag,
  adminChatNote,
  adminChatPatch,
  adminChatsBulkDelete,
  adminChatsList,
  adminChatsOfReport,
  adminChatStats,
  adminReport,
  adminReportChange,
  adminReportDeleteAnswer,
  adminReportPatch,
  adminReportsBulkDelete,
  adminReportsList,
  adminReportStats,
  adminUserChange,
  adminUserDetail,
  adminUsersList,
  adminUserUpdate,
  bulkDeleteAnswer,
  messageAnswer,
  suspendUserQuery,
} from './admin';
import { ADDRESSES } from './endpoint-addresses';
import { endpoint, fileAnswer, idParams } from './endpoint';
import { boolParam, enumParam, idFilter, listQuery, searchParam } from './query-params';
import { REPORT_STATUSES, REPORT_TYPES } from './reports';

const userStatus = enumParam('status', ADMIN_USER_STATUSES);

const reportFilters = {
  status: enumParam('status', REPORT_STATUSES),
  report_type: enumParam('report_type', REPORT_TYPES),
  is_flagged: boolParam('is_flagged'),
  user_email: searchParam,
};
// Exports take the list's filters (and its search), without paging.
const reportExportFilters = { ...reportFilters, search: searchParam };

const chatFilters = {
  user_email: searchParam,
  report_id: idFilter('report_id'),
  is_flagged: boolParam('is_flagged'),
  has_feedback: boolParam('has_feedback'),
  ai_model: searchParam,
};

const id = idParams('id');

/** The back office's users, reports and chats (addresses-admin-data.ts). */
export const adminDataContract = {
  adminUsers: {
    list: endpoint(ADDRESSES.adminUsers.list, {
      query: listQuery(ADMIN_USER_SORTS, {}, { status: userStatus }),
      response: adminUsersList,
    }),
    exportCsv: endpoint(ADDRESSES.adminUsers.exportCsv, {
      query: z.object({ status: userStatus, search: searchParam }),
      response: fileAnswer,
    }),
    get: endpoint(ADDRESSES.adminUsers.get, { params: id, response: adminUserDetail }),
    update: endpoint(ADDRESSES.adminUsers.update, {
      params: id,
      body: adminUserUpdate,
      response: adminUserChange,
    }),
    suspend: endpoint(ADDRESSES.adminUsers.suspend, {
      params: id,
      query: suspendUserQuery,
      response: adminUserChange,
    }),
    activate: endpoint(ADDRESSES.adminUsers.activate, { params: id, response: adminUserChange }),
  },
  adminReports: {
    list: endpoint(ADDRESSES.adminReports.list, {
      query: listQuery(ADMIN_REPORT_SORTS, {}, reportFilters),
      response: adminReportsList,
    }),
    stats: endpoint(ADDRESSES.adminReports.stats, { response: adminReportStats }),
    exportJson: endpoint(ADDRESSES.adminReports.exportJson, {
      query: z.object({ ...reportExportFilters, include_analysis: boolParam('include_analysis') }),
      response: fileAnswer,
    }),
    exportCsv: endpoint(ADDRESSES.adminReports.exportCsv, {
      query: z.object(reportExportFilters),
      response: fileAnswer,
    }),
    bulkDelete: endpoint(ADDRESSES.adminReports.bulkDelete, {
      body: adminReportsBulkDelete,
      response: bulkDeleteAnswer,
    }),
    get: endpoint(ADDRESSES.adminReports.get, { params: id, response: adminReport }),
    patch: endpoint(ADDRESSES.adminReports.patch, {
      params: id,
      body: adminReportPatch,
      response: adminReportChange,
    }),
    remove: endpoint(ADDRESSES.adminReports.remove, {
      params: id,
      query: z.object({ permanent: boolParam('permanent') }),
      response: adminReportDeleteAnswer,
    }),
  },
  adminChats: {
    list: endpoint(ADDRESSES.adminChats.list, {
      query: listQuery(ADMIN_CHAT_SORTS, {}, chatFilters),
      response: adminChatsList,
    }),
    stats: endpoint(ADDRESSES.adminChats.stats, { response: adminChatStats }),
    exportCsv: endpoint(ADDRESSES.adminChats.exportCsv, {
      query: z.object({ ...chatFilters, search: searchParam }),
      response: fileAnswer,
    }),
    bulkDelete: endpoint(ADDRESSES.adminChats.bulkDelete, {
      body: adminChatsBulkDelete,
      response: bulkDeleteAnswer,
    }),
    byReport: endpoint(ADDRESSES.adminChats.byReport, { params: id, response: adminChatsOfReport }),
    get: endpoint(ADDRESSES.adminChats.get, { params: id, response: adminChat }),
    patch: endpoint(ADDRESSES.adminChats.patch, {
      params: id,
      body: adminChatPatch,
      response: adminChatChange,
    }),
    remove: endpoint(ADDRESSES.adminChats.remove, { params: id, response: messageAnswer }),
    flag: endpoint(ADDRESSES.adminChats.flag, { params: id, body: adminChatFlag, response: adminChatChange }),
    unflag: endpoint(ADDRESSES.adminChats.unflag, { params: id, response: adminChatChange }),
    note: endpoint(ADDRESSES.adminChats.note, { params: id, body: adminChatNote, response: adminChatChange }),
  },
};
