import {
  bulkModerateRequest,
  MODERATION_CONTENT_TYPES,
  MODERATION_DEFAULT_LIMIT,
  MODERATION_STATUSES,
  moderateRequest,
} from '@reportsaathi/contracts';
import { z } from 'zod';
import { enumParam, wholeParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { ADMIN } from '../../kernel/access';
import { positiveId } from '../../http/validate';
import {
  bulkModerate,
  contentDetail,
  moderate,
  moderationQueue,
  moderationStats,
} from './moderation.service';

const typeParam = z.enum(MODERATION_CONTENT_TYPES);
const itemParams = {
  params: z.object({ type: typeParam, id: positiveId }),
  notFound: 'Content not found',
};

const queueQuery = z.object({
  contentType: enumParam('contentType', MODERATION_CONTENT_TYPES),
  status: enumParam('status', MODERATION_STATUSES),
  limit: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number()
      .refine((n) => [25, 50, 100].includes(n), 'limit must be 25, 50 or 100')
      .default(MODERATION_DEFAULT_LIMIT),
  ),
  offset: wholeParam('offset', 0, 100_000, 0),
});

/** /admin/moderation: moderate_content to see and decide, bulk_moderate for many at once. */
export const moderationRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/moderation/queue/stats',
    access: ADMIN('moderate_content'),
    handler: ({ deps }) => moderationStats(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/moderation/queue',
    access: ADMIN('moderate_content'),
    query: queueQuery,
    // A plain list, as the back office reads it; the total is in X-Total-Count, as the contract says.
    handler: async ({ deps, query, res }) => {
      const { items, total } = await moderationQueue(deps, {
        type: query.contentType,
        status: query.status,
        limit: query.limit,
        offset: query.offset,
      });
      res.set('X-Total-Count', String(total));
      return items;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/moderation/content/:type/:id',
    access: ADMIN('moderate_content'),
    ...itemParams,
    handler: ({ deps, params }) => contentDetail(deps, params.type, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/moderation/content/:type/:id/moderate',
    access: ADMIN('moderate_content'),
    ...itemParams,
    body: moderateRequest,
    handler: ({ deps, actor, params, body }) => moderate(deps, actor, params.type, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/moderation/content/:type/bulk-moderate',
    access: ADMIN('moderate_content', 'bulk_moderate'),
    params: z.object({ type: typeParam }),
    notFound: 'Content not found',
    body: bulkModerateRequest,
    handler: ({ deps, actor, params, body }) =>
      bulkModerate(deps, actor, params.type, body.content_ids, body),
  }),
];
