import type { Download } from './client-core';
import type { contract } from './contract';
import { ADDRESSES } from './endpoint-addresses';

type Contract = typeof contract;

/** FHIR R4 bundles (application/fhir+json) as files, streamed through unread. */
export function fhirCalls(download: Download) {
  return {
    report: (id: number) => download<Contract['fhir']['report']>(ADDRESSES.fhir.report, { params: { id } }),
    account: () => download<Contract['fhir']['account']>(ADDRESSES.fhir.account),
  };
}
