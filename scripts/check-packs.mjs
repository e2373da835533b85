#!/usr/bin/env node
// Release gate: packs every publishable package (packages/* and tools-contrib/*, private ones
// skipped) exactly as `pnpm publish` would, then checks each tarball: publint passes (--strict),
// every file named by `exports` / `main` / `types` is inside, and no `workspace:` or `catalog:`
// range survived. Needs a prior build (`pnpm build`). Plain Node ESM, no dependencies.
import { execFileSync } from 'node:child_process';
import process from 'node:process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const GROUPS = ['packages', 'tools-contrib'];
const DEP_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/** Files of a .tgz as a Map(path without the leading "package/" → Buffer); ustar + pax long names. */
function readTarball(file) {
  const data = gunzipSync(readFileSync(file));
  const files = new Map();
  let offset = 0;
  let longName = null;
  while (offset + 512 <= data.length) {
    const header = data.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start, length) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const prefix = field(345, 155);
    let name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = null;
    const body = data.subarray(offset + 512, offset + 512 + size);
    if (type === 'x') {
      const match = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (match) longName = match[1];
    } else if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
    } else if (type === '0' || type === '') {
      files.set(name.replace(/^[^/]+\//, ''), body);
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Every "./…" string target of an exports map (conditions and subpaths, recursively). */
function exportTargets(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => exportTargets(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => exportTargets(v, out));
  return out;
}

function packageDirs() {
  const dirs = [];
  for (const group of GROUPS) {
    const base = join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(base, entry.name, 'package.json'))) dirs.push(join(base, entry.name));
    }
  }
  return dirs.sort();
}

function run(command, args, cwd) {
  try {
    return { ok: true, output: execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    return { ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() || error.message };
  }
}

function checkPackage(dir, dest) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const problems = [];
  if (!existsSync(join(dir, 'dist'))) return { name: manifest.name, problems: ['dist/ is missing: run `pnpm build` first'] };
  const packed = run('pnpm', ['pack', '--pack-destination', dest, '--json'], dir);
  if (!packed.ok) return { name: manifest.name, problems: [`pnpm pack failed:\n${packed.output}`] };
  let tarball;
  try {
    const info = JSON.parse(packed.output.slice(packed.output.indexOf('{')));
    tarball = resolve(dest, info.filename);
  } catch {
    return { name: manifest.name, problems: [`could not read pnpm pack --json output:\n${packed.output}`] };
  }
  const files = readTarball(tarball);
  const packedManifestRaw = files.get('package.json');
  if (!packedManifestRaw) return { name: manifest.name, problems: ['the tarball has no package.json'] };
  const packedManifest = JSON.parse(packedManifestRaw.toString('utf8'));

  const targets = [...exportTargets(packedManifest.exports), packedManifest.main, packedManifest.types].filter((t) => typeof t === 'string');
  for (const target of new Set(targets)) {
    if (target.includes('*')) continue;
    const path = target.replace(/^\.\//, '');
    if (!files.has(path)) problems.push(`exports/main/types names ${target}, which is not in the tarball`);
  }
  for (const field of DEP_FIELDS) {
    for (const [dep, range] of Object.entries(packedManifest[field] ?? {})) {
      if (/^(workspace|catalog):/.test(range)) problems.push(`${field}.${dep} is still "${range}" in the tarball`);
    }
  }
  const lint = run('pnpm', ['exec', 'publint', 'run', tarball, '--strict'], ROOT);
  if (!lint.ok) problems.push(`publint --strict failed:\n${lint.output}`);
  return { name: manifest.name, problems, tarball: relative(dest, tarball), fileCount: files.size };
}

const dest = mkdtempSync(join(tmpdir(), 'agentao-packs-'));
let failed = 0;
try {
  for (const dir of packageDirs()) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (manifest.private === true) {
      process.stdout.write(`- ${manifest.name}: private, skipped\n`);
      continue;
    }
    const result = checkPackage(dir, dest);
    if (result.problems.length === 0) {
      process.stdout.write(`✓ ${result.name}: ${result.tarball} (${result.fileCount} files)\n`);
    } else {
      failed += 1;
      process.stdout.write(`✗ ${result.name}\n${result.problems.map((p) => `    ${p.replace(/\n/g, '\n    ')}`).join('\n')}\n`);
    }
  }
} finally {
  rmSync(dest, { recursive: true, force: true });
}
if (failed > 0) {
  process.stdout.write(`check-packs: ${failed} package(s) failed\n`);
  process.exit(1);
}
process.stdout.write('check-packs: all publishable packages pack cleanly\n');
