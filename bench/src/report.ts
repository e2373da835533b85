import { type MachineInfo } from './machine-info';
import { pairedRatios, summarize, type Summary } from './stats';
import { type ThroughputResult } from './throughput';

/** One line of the comparison table: ours against the raw reference, paired by round. */
export interface ComparisonRow {
  scenario: string;
  metric: string;
  ours: number[];
  /** The reference sample (same length, same rounds); `null` when there is none. */
  raw: number[] | null;
  decimals: number;
  /** Target on the median paired ratio ours/raw. */
  maxRatio?: number;
  /** Target on ours' median (same unit as the metric). */
  maxOurs?: number;
}

/** Everything one run measured. */
export interface BenchReport {
  machine: MachineInfo;
  rows: ComparisonRow[];
  throughput: ThroughputResult[];
  notes: string[];
  durationSeconds: number;
}

const fmt = (value: number, decimals: number): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

function spread(summary: Summary, decimals: number, suffix = ''): string {
  return `${fmt(summary.median, decimals)}${suffix} (${fmt(summary.min, decimals)}–${fmt(summary.max, decimals)})`;
}

/** The row's verdict: `met`, `MISSED`, or `—` without a target. */
export function verdict(row: ComparisonRow): string {
  const checks: boolean[] = [];
  if (row.maxRatio !== undefined && row.raw !== null) checks.push(summarize(pairedRatios(row.ours, row.raw)).median <= row.maxRatio);
  if (row.maxOurs !== undefined) checks.push(summarize(row.ours).median <= row.maxOurs);
  if (checks.length === 0) return '—';
  return checks.every(Boolean) ? 'met' : '**MISSED**';
}

function target(row: ComparisonRow): string {
  const parts: string[] = [];
  if (row.maxRatio !== undefined) parts.push(`≤ ${fmt(row.maxRatio, 2)}×`);
  if (row.maxOurs !== undefined) parts.push(`≤ ${fmt(row.maxOurs, 0)}`);
  return parts.length === 0 ? '—' : parts.join(', ');
}

/** The main comparison table (Markdown). */
export function comparisonTable(rows: readonly ComparisonRow[]): string {
  const lines = [
    '| Scenario | Metric | Ours: median (min–max) | Raw: median (min–max) | Ours/raw per round: median (min–max) | Target | Result |',
    '|---|---|---:|---:|---:|---|---|',
  ];
  for (const row of rows) {
    const ours = spread(summarize(row.ours), row.decimals);
    const raw = row.raw === null ? '—' : spread(summarize(row.raw), row.decimals);
    const ratio = row.raw === null ? '—' : spread(summarize(pairedRatios(row.ours, row.raw)), 3, '×');
    lines.push(`| ${row.scenario} | ${row.metric} | ${ours} | ${raw} | ${ratio} | ${target(row)} | ${verdict(row)} |`);
  }
  return lines.join('\n');
}

/** `text` as Markdown inline code that is safe inside a table cell. */
function inlineCode(text: string): string {
  const tick = String.fromCharCode(96);
  return tick + text.replaceAll(tick, "'").replaceAll('|', '\\|') + tick;
}

/** The S7 throughput table (Markdown). */
export function throughputTable(results: readonly ThroughputResult[]): string {
  const lines = [
    '| S7 function | Corpus | Calls/s: median (min–max) | µs per call (median) | Slowest item, best of 5 (µs) |',
    '|---|---:|---:|---:|---|',
  ];
  for (const result of results) {
    const summary = summarize(result.opsPerSecond);
    lines.push(
      `| ${result.label} | ${result.corpusSize} | ${spread(summary, 0)} | ${fmt(1e6 / summary.median, 2)} | ${fmt(result.worstCallMicros, 1)} ${inlineCode(result.worstItem)} |`,
    );
  }
  return lines.join('\n');
}

function roundsSection(rows: readonly ComparisonRow[]): string {
  const lines = ['| Scenario | Metric | Ours/raw, round by round |', '|---|---|---|'];
  for (const row of rows) {
    if (row.raw === null) continue;
    const ratios = pairedRatios(row.ours, row.raw).map((ratio) => fmt(ratio, 3));
    lines.push(`| ${row.scenario} | ${row.metric} | ${ratios.join(' · ')} |`);
  }
  return lines.join('\n');
}

/** The whole results page (`results/latest.md`). */
export function renderReport(report: BenchReport): string {
  const { machine } = report;
  return [
    '# Benchmark results',
    '',
    `- Date: ${machine.date} (run took ${fmt(report.durationSeconds, 0)} s)`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${fmt(machine.memoryGiB, 1)} GiB memory`,
    `- Versions: node ${machine.node}, openai ${machine.openai}, @agentao/core ${machine.agentao} (commit ${machine.commit})`,
    '',
    comparisonTable(report.rows),
    '',
    throughputTable(report.throughput),
    '',
    '## Paired ratios per round',
    '',
    roundsSection(report.rows),
    '',
    '## Notes',
    '',
    ...report.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}
