import { defineRoute } from '../../http/route-table';
import { USER } from '../../kernel/access';
import { exportDate } from '../user-export';
import { idParams } from '../../http/validate';
import { REPORT_NOT_FOUND } from '../reports';
import { sendAccountBundle, sendReportBundle } from './fhir.service';

/**
 * The user's analysed reports as FHIR R4 (decision 127): one report, or the whole account. Under
 * /user/export, so the export rate limit counts them like the other downloads.
 */
export const fhirRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/export/fhir',
    access: USER,
    handler: async ({ deps, actor, res }) => {
      await sendAccountBundle(res, deps, actor.user, `health_record_fhir_r4_${exportDate()}.json`);
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/export/reports/:id/fhir',
    access: USER,
    params: idParams('id'),
    notFound: REPORT_NOT_FOUND,
    handler: async ({ deps, actor, params, res }) => {
      await sendReportBundle(res, deps, actor.user, params.id);
      return undefined;
    },
  }),
];
