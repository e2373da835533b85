#!/usr/bin/env bash
# CI check of the contributor kit: in a throwaway copy of the repository (tracked files plus the
# working tree's untracked, non-ignored files), scaffold a package with `pnpm new-tool example`
# and run its whole pipeline. Proves that a freshly generated tool builds, type-checks, lints and
# passes its contract test with no hand edits. Set KEEP_TMP=1 to keep the copy for inspection.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/agentao-new-tool-XXXXXX")"
cleanup() {
  if [[ "${KEEP_TMP:-0}" == "1" ]]; then echo "ci-new-tool: kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT
export TURBO_TELEMETRY_DISABLED=1

echo "ci-new-tool: copying the repository to $TMP"
cd "$ROOT"
# Tracked and untracked-but-not-ignored files; a tracked file deleted in the working tree is skipped.
git ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' f; do [[ -e "$f" ]] && printf '%s\0' "$f"; done \
  | tar --null -T - -cf - \
  | tar -xf - -C "$TMP"

cd "$TMP"
pnpm install --offline
pnpm new-tool example
# A second run must refuse the existing directory.
if pnpm new-tool example >/dev/null 2>&1; then echo "ci-new-tool: new-tool overwrote an existing package" >&2; exit 1; fi
# The generated package is new to the lockfile, so this install must update it (CI defaults to frozen).
pnpm install --offline --no-frozen-lockfile
# turbo builds the dependencies first (dependsOn ^build); only the new package's own checks run.
CI=true pnpm turbo run build typecheck lint test --filter=@agentao/tool-example --output-logs=errors-only
# The release flow on the copy: versioning consumes the changesets (the new one included) and
# must not push any 0.x package to a major (rule 6: contrib peer ranges are >=0.1.0 <1.0.0).
pnpm changeset version
node -e '
const fs = require("node:fs");
const bad = [];
for (const group of ["packages", "tools-contrib"]) for (const d of fs.readdirSync(group)) {
  const file = `${group}/${d}/package.json`;
  if (!fs.existsSync(file)) continue;
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!pkg.private && !pkg.version.startsWith("0.")) bad.push(`${pkg.name}@${pkg.version}`);
}
if (!fs.existsSync("tools-contrib/example/CHANGELOG.md")) bad.push("tools-contrib/example has no CHANGELOG.md");
if (bad.length) { console.error("ci-new-tool: unexpected release result: " + bad.join(", ")); process.exit(1); }
'
echo "ci-new-tool: OK"
