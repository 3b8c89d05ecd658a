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
  feedback: {
    create: endpoint(ADDRESSES.feedback.create, { body: feedbackRequest, response: feedbackResponse }),
  },
};
