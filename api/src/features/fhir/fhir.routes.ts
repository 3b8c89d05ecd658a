import { contract } from '@reportsaathi/contracts';
import { defineRoute } from '../../http/route-table';
import { exportDate } from '../user-export';
import { sendAccountBundle, sendReportBundle } from './fhir.service';

/**
 * The user's analysed reports as FHIR R4 (decision 127): one report, or the whole account. Under
 * /user/export, so the export rate limit counts them like the other downloads.
 */
export const fhirRoutes = [
  defineRoute(contract.fhir.account, async ({ deps, actor, res }) => {
    await sendAccountBundle(res, deps, actor.user, `health_record_fhir_r4_${exportDate()}.json`);
    return undefined;
  }),
  defineRoute(contract.fhir.report, async ({ deps, actor, params, res }) => {
    await sendReportBundle(res, deps, actor.user, params.id);
    return undefined;
  }),
];
