import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import {
  bulkModerate,
  contentDetail,
  moderate,
  moderationQueue,
  moderationStats,
} from './moderation.service';

const m = contract.adminModeration;

/** /admin/moderation: moderate_content to see and decide, bulk_moderate for many at once. */
export const moderationRoutes = [
  defineRoute(m.stats, ({ deps }) => moderationStats(deps)),
  // A plain list, as the back office reads it; the total is in X-Total-Count.
  defineRoute(m.queue, async ({ deps, query, res }) => {
    const { items, total } = await moderationQueue(deps, {
      type: query.contentType,
      status: query.status,
      limit: query.limit,
      offset: query.offset,
    });
    res.set('X-Total-Count', String(total));
    return items;
  }),
  defineRoute(m.content, ({ deps, params }) => contentDetail(deps, params.type, params.id)),
  defineRoute(m.moderate, ({ deps, actor, params, body }) =>
    moderate(deps, actor, params.type, params.id, body),
  ),
  defineRoute(m.bulkModerate, ({ deps, actor, params, body }) =>
    bulkModerate(deps, actor, params.type, body.content_ids, body),
  ),
];
