import { ADDRESSES } from './endpoint-addresses';
import { endpoint } from './endpoint';
import { feedbackRequest, feedbackResponse } from './reports';

/**
 * The endpoint table: each entry is an address (endpoint-addresses.ts) with its input and answer
 * schemas. Features move here one at a time; a converted feature has no hand-written path left in
 * the API or the client.
 */
export const contract = {
  feedback: {
    create: endpoint(ADDRESSES.feedback.create, { body: feedbackRequest, response: feedbackResponse }),
  },
};
