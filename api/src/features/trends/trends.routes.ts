import { reportDateRequest } from '@reportsaathi/contracts';
import { z } from 'zod';
import { pageParam, wholeParam } from '../../http/list-query';
import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { idParams } from '../../http/validate';
import { REPORT_NOT_FOUND } from '../reports';
import { setCollectionDate } from './report-date';
import { getTrend, listTrends, TREND_NOT_FOUND } from './trends.service';

/** A page of analytes (10 by default, 50 at most); each chart holds at most the latest 24 points. */
const trendsQuery = z.object({
  page: pageParam,
  per_page: wholeParam('per_page', 1, 50, 10),
});

/** How the signed-in user's own values moved across their reports. */
export const trendsRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/trends',
    access: USER,
    query: trendsQuery,
    handler: ({ deps, actor, query }) => listTrends(deps.db, actor.user.id, query),
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
  defineRoute({
    method: 'put',
    path: '/user/reports/:id/collection-date',
    access: USER,
    params: idParams('id'),
    body: reportDateRequest,
    notFound: REPORT_NOT_FOUND,
    handler: ({ deps, actor, params, body }) =>
      setCollectionDate(deps.db, actor.user.id, params.id, body.collected_on),
  }),
];
