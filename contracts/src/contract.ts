import {
  analyteTrend,
  reportDateRequest,
  reportDateResponse,
  trendParams,
  trendsQuery,
  trendsResponse,
} from './user';
import { ADDRESSES } from './endpoint-addresses';
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
};
