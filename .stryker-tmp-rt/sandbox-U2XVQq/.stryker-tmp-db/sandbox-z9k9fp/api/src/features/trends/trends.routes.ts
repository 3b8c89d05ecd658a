// @ts-nocheck
// 
import { z } from 'zod';
import { defineRoute, USER } from '../../http/route-table';
import { getTrend, listTrends, TREND_NOT_FOUND } from './trends.service';

/** How the signed-in user's own values moved across their reports. */
export const trendsRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/trends',
    access: USER,
    handler: async ({ deps, actor }) => ({ trends: await listTrends(deps.db, actor.user.id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/user/trends/:analyte',
    access: USER,
    // Analyte ids are snake_case words ('hba1c', 'glucose_fasting'); anything else names nothing.
    params: z.object({ analyte: z.string().regex(/^[a-z0-9_]{1,64}$/) }),
    notFound: TREND_NOT_FOUND,
    handler: ({ deps, actor, params }) => getTrend(deps.db, actor.user.id, params.analyte),
  }),
];
