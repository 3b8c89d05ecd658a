import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { giveFeedback } from './feedback.service';

/** /feedback: a signed-in user rates one of their analyses or AI answers (contract.feedback). */
export const feedbackRoutes = [
  defineRoute(contract.feedback.create, async ({ deps, actor, body: input }) => {
    const row = await giveFeedback(deps, actor.user, input);
    return {
      id: row.id,
      rating: row.rating,
      created_at: row.created_at.toISOString(),
      message: 'Thank you for your feedback',
    };
  }),
];
