export { fhirRoutes } from './fhir.routes';
export { fhirBundle, uuidFor, type ReportForFhir } from './fhir-bundle';
export { ucumCode } from './ucum';
