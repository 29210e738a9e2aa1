// Heavy libraries used only by some requests (exports, parsers, SMTP, BullMQ, undici) are loaded
// on first use, so an idle server does not hold them (idle RSS goal, docs/benchmarks.md). A static
// value import anywhere in the server would load them at start again.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LAZY = [
  'docx',
  'pdfkit',
  'mammoth',
  'linkedom',
  'turndown',
  '@mozilla/readability',
  'nodemailer',
  'bullmq',
  'undici',
];
const srcDir = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('lazily loaded libraries', () => {
  it('are never imported statically by the server', () => {
    const offenders: string[] = [];
    for (const file of sources(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)) {
        if (LAZY.includes(match[1]!)) offenders.push(`${file.slice(srcDir.length + 1)}: ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('are loaded where they are used', () => {
    const all = sources(srcDir)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const name of LAZY) expect(all).toContain(`import('${name}')`);
  });
});
