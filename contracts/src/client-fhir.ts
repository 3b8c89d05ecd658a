import type { RequestOptions } from './client-core';

type Request = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/** FHIR R4 bundles (application/fhir+json) as files, streamed through unread. */
export function fhirCalls(request: Request) {
  return {
    report: (id: number) => request<Response>(`/user/export/reports/${id}/fhir`, { raw: true }),
    account: () => request<Response>('/user/export/fhir', { raw: true }),
  };
}
