import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
/** Documents whose TypeScript snippets must be copies of checked files. */
const DOCUMENTS = ['docs/custom-tools.md', 'apps/demo/README.md', 'README.md'];
/** The line right above each ts fence: Source: [`path`](link). */
const MARKER = /^Source: \[`([^`]+)`\]\([^)]+\)$/;

interface Snippet {
  source: string | null;
  body: string[];
  line: number;
}

function snippets(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const found: Snippet[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i] !== '```ts') continue;
    const end = lines.indexOf('```', i + 1);
    found.push({ source: MARKER.exec(lines[i - 1] ?? '')?.[1] ?? null, body: lines.slice(i + 1, end), line: i + 1 });
    i = end;
  }
  return found;
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = Math.min(...indents);
  return lines.map((l) => l.slice(cut));
}

/** True when `body` equals some run of consecutive lines of `file`, up to their common indentation. */
function appearsIn(body: string[], file: string): boolean {
  const lines = file.split('\n');
  const want = body.join('\n');
  for (let i = 0; i + body.length <= lines.length; i += 1) {
    if (dedent(lines.slice(i, i + body.length)).join('\n') === want) return true;
  }
  return false;
}

describe('documentation snippets', () => {
  for (const document of DOCUMENTS) {
    it(`every ts block of ${document} names its source and appears in it verbatim`, () => {
      const found = snippets(readFileSync(REPO + document, 'utf8'));
      expect(found.length).toBeGreaterThan(0);
      for (const snippet of found) {
        expect(snippet.source, `${document}:${snippet.line} has no 'Source: [path](link)' line above it`).not.toBeNull();
        const file = readFileSync(REPO + snippet.source!, 'utf8');
        expect(appearsIn(snippet.body, file), `${document}:${snippet.line} differs from ${snippet.source}`).toBe(true);
      }
    });
  }

  it('detects a snippet that drifted from its file', () => {
    const file = "const a = 1;\nfunction f() {\n  return a;\n}\n";
    expect(appearsIn(['function f() {', '  return a;', '}'], file)).toBe(true);
    expect(appearsIn(['return a;'], file)).toBe(true);
    expect(appearsIn(['function f() {', '  return b;', '}'], file)).toBe(false);
  });
});
