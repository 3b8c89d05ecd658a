import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { setCollectionDate } from './report-date';
import { getTrend, listTrends } from './trends.service';

/** How the signed-in user's own values moved across their reports (contract.trends). */
export const trendsRoutes = [
  defineRoute(contract.trends.list, ({ deps, actor, query }) => listTrends(deps.db, actor.user.id, query)),
  defineRoute(contract.trends.get, ({ deps, actor, params }) =>
    getTrend(deps.db, actor.user.id, params.analyte),
  ),
  defineRoute(contract.trends.setReportDate, ({ deps, actor, params, body }) =>
    setCollectionDate(deps.db, actor.user.id, params.id, body.collected_on),
  ),
];
