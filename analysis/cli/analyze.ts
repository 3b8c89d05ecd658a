/**
 * Analyses report files without a server.
 *   npm run -s analyze -- FILE... [--json] [--lang hi]
 * Default output is readable text; --json prints exactly one JSON object per file, one per
 * line, in order ({file, error} for a file that could not be analysed) and nothing else.
 * Exit code: 0 with --json (errors are in the output); otherwise 1 when any file failed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AnalysisError,
  analyzeDocument,
  providerConfigFromEnv,
  shutdownAnalysis,
  type AnalysisResult,
  analysisConfigFromEnv,
  configureAnalysis,
} from '../src/index';

interface Args {
  files: string[];
  json: boolean;
  lang: 'en' | 'hi';
}

function parseArgs(argv: string[]): Args {
  const args: Args = { files: [], json: false, lang: 'en' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--lang') args.lang = argv[++i] === 'hi' ? 'hi' : 'en';
    else if (a.startsWith('--lang=')) args.lang = a.slice(7) === 'hi' ? 'hi' : 'en';
    else if (a === '--help' || a === '-h') {
      console.log('Usage: npm run -s analyze -- FILE... [--json] [--lang hi]');
      process.exit(0);
    } else args.files.push(a);
  }
  return args;
}

/**
 * The engine's output as the result page shows it (analysis/README.md, "The engine's
 * output"): every key is always present, null or false when it does not apply, so a consumer
 * never has to guess whether a field was dropped.
 */
function toJson(file: string, r: AnalysisResult) {
  return {
    file,
    report_type: r.report_type,
    document_kind: r.document_kind,
    summary: r.summary,
    key_findings: r.key_findings,
    recommendations: r.recommendations,
    confidence_score: r.confidence_score,
    ai_model_version: r.ai_model_version,
    has_critical: r.has_critical,
    patient: r.patient,
    language: r.language,
    values: r.values.map((v) => ({
      canonical_id: v.canonical_id,
      loinc: v.loinc,
      name: v.name,
      value: v.value,
      qualifier: v.qualifier ?? null,
      unit: v.unit,
      unit_inferred: v.unit_inferred ?? false,
      ref_low: v.ref_low,
      ref_high: v.ref_high,
      ref_text: v.ref_text,
      ref_source: v.ref_source,
      band: v.band ?? null,
      flag: v.flag,
      flag_printed: v.flag_printed,
      flag_disagrees: v.flag_disagrees ?? false,
      uncertain: v.uncertain ?? false,
      value_confidence: v.value_confidence ?? null,
      reading_note: v.reading_note ?? null,
      not_in_knowledge_base: v.not_in_knowledge_base ?? false,
    })),
    unread: r.unread,
    impressions: r.impressions,
  };
}

function printText(file: string, r: AnalysisResult): void {
  const out: string[] = [];
  out.push(`== ${file}`);
  out.push(
    `Type: ${r.report_type}   Confidence: ${Math.round(r.confidence_score * 100)}%   Model: ${r.ai_model_version}`,
  );
  if (r.patient.age !== null || r.patient.sex)
    out.push(`Patient: ${r.patient.age ?? '?'} / ${r.patient.sex ?? '?'}`);
  out.push('', r.summary, '');
  if (r.values.length) {
    out.push('Values:');
    for (const v of r.values) {
      const range = v.ref_text ? v.ref_text.replace(/\n/g, ' / ') : '';
      const mark = v.uncertain
        ? '  <-- CHECK ON THE PRINTED REPORT'
        : v.flag === 'normal'
          ? ''
          : `  <-- ${v.flag.toUpperCase()}`;
      out.push(`  ${v.name.padEnd(34)} ${String(v.value).padStart(10)} ${v.unit.padEnd(14)} ${range}${mark}`);
    }
    for (const v of r.values) if (v.reading_note) out.push(`  note, ${v.name}: ${v.reading_note}`);
    for (const u of r.unread) out.push(`  not read: ${u.name} (${u.reason})`);
    out.push('');
  }
  if (r.key_findings.length) out.push('Key findings:', ...r.key_findings.map((k) => `  - ${k}`), '');
  if (r.recommendations.length) out.push('Recommendations:', ...r.recommendations.map((k) => `  - ${k}`), '');
  console.log(out.join('\n'));
}

async function main(): Promise<number> {
  // The package reads no environment itself: the CLI, like the API, passes in its own (config.ts).
  configureAnalysis(analysisConfigFromEnv(process.env));
  const args = parseArgs(process.argv.slice(2));
  if (args.files.length === 0) {
    console.error('Usage: npm run -s analyze -- FILE... [--json] [--lang hi]');
    return 2;
  }
  const provider = providerConfigFromEnv(process.env);
  let failed = 0;
  for (const file of args.files) {
    try {
      const bytes = await readFile(file);
      const result = await analyzeDocument(
        { bytes, filename: path.basename(file), language: args.lang },
        { provider },
      );
      if (args.json) process.stdout.write(`${JSON.stringify(toJson(file, result))}\n`);
      else printText(file, result);
    } catch (err) {
      failed++;
      const message =
        err instanceof AnalysisError
          ? err.message
          : (err as NodeJS.ErrnoException)?.code === 'ENOENT'
            ? 'File not found'
            : (err as NodeJS.ErrnoException)?.code === 'EISDIR'
              ? 'Is a directory'
              : 'The file could not be analysed';
      if (args.json) process.stdout.write(`${JSON.stringify({ file, error: message })}\n`);
      else console.log(`== ${file}\nError: ${message}\n`);
    }
  }
  await shutdownAnalysis();
  // With --json a failed file is data ({file, error}), so the run itself succeeded.
  return failed > 0 && !args.json ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
