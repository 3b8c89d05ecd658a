import { z } from 'zod';
import { defineRoute, USER } from '../../http/route-table';
import { getTrend, listTrends, TREND_NOT_FOUND } from './trends.service';

const whole = (name: string, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1`)
      .max(max, `${name} must be at most ${max}`)
      .default(fallback),
  );

/** A page of analytes (10 by default, 50 at most); each chart holds at most the latest 24 points. */
const trendsQuery = z.object({ page: whole('page', 1_000_000, 1), per_page: whole('per_page', 50, 10) });

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
];
