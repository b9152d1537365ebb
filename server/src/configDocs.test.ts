// docs/configuration.md's table is the one list of the environment variables (README.md and the other docs link to it).
// This keeps it equal to what server/src/config.ts reads: a variable added to config.ts without a row,
// or a row left behind when config.ts stops reading it, fails here. Both files are read as text.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');
const configSource = read('./config.ts');
const configurationDoc = read('../../docs/configuration.md');

/**
 * The variables config.ts reads: every key of its zod schema (`NAME: z.…`, each of which `safeParse(env)` reads),
 * and every name read directly (`e.NAME`, `env.NAME`, `process.env.NAME`), so a variable read beside the schema
 * counts too. Names are SCREAMING_SNAKE_CASE; the Config interface's camelCase keys are not variables.
 */
function variablesRead(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:\s*z\b/gm)) names.add(match[1]);
  for (const match of source.matchAll(/\b(?:process\.env|env|e)\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]);
  return names;
}

/** The first cell of each row of the table headed `| variable |`: the name in backticks. */
function variablesDocumented(markdown: string): string[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*variable\s*\|/i.test(line));
  if (header < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cell = line.split('|')[1].trim();
    names.push(cell.replace(/^`|`$/g, ''));
  }
  return names;
}

function compare(source: string, markdown: string) {
  const inSource = variablesRead(source);
  const documented = variablesDocumented(markdown);
  return {
    missingFromTable: [...inSource].filter((name) => !documented.includes(name)).sort(),
    notReadByConfig: documented.filter((name) => !inSource.has(name)).sort(),
    listedTwice: documented.filter((name, i) => documented.indexOf(name) !== i),
  };
}

describe("docs/configuration.md's table and config.ts", () => {
  it('finds the variables on both sides (so an empty match cannot pass)', () => {
    const inSource = variablesRead(configSource);
    expect(inSource.size).toBeGreaterThan(30);
    for (const name of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'HEAVY_CALLS_PER_MINUTE']) expect(inSource).toContain(name);
    expect(variablesDocumented(configurationDoc).length).toBeGreaterThan(30);
  });

  it('lists exactly the variables config.ts reads, each once', () => {
    expect(compare(configSource, configurationDoc)).toEqual({ missingFromTable: [], notReadByConfig: [], listedTwice: [] });
  });

  it('would notice a variable without a row, a row config.ts does not read, and a row twice', () => {
    // A small config.ts and table of the same shapes as the real ones.
    const source = [
      'const envSchema = z.object({',
      '  PORT: z.coerce.number().default(3000),',
      '  TRUST_PROXY: z',
      '    .string()',
      "    .default('false'),",
      '});',
      'const e = parsed.data;',
      'const port = e.PORT;',
    ].join('\n');
    const table = [
      '| variable | default | meaning |',
      '| --- | --- | --- |',
      '| `PORT` | `3000` | port |',
      '| `TRUST_PROXY` | `false` | proxies |',
    ];
    const doc = (...rows: string[]) => ['# Configuration', '', ...rows, '', '## More'].join('\n');
    expect(compare(source, doc(...table))).toEqual({ missingFromTable: [], notReadByConfig: [], listedTwice: [] });

    expect(compare(source, doc(...table.slice(0, 3))).missingFromTable).toEqual(['TRUST_PROXY']);
    expect(compare(`${source}\nvoid e.READ_LATER;`, doc(...table)).missingFromTable).toEqual(['READ_LATER']);
    expect(compare(`${source}\nvoid process.env.READ_DIRECTLY;`, doc(...table)).missingFromTable).toEqual(['READ_DIRECTLY']);
    expect(compare(source, doc(...table, '| `GONE` | – | no longer read |')).notReadByConfig).toEqual(['GONE']);
    expect(compare(source, doc(...table, '| `PORT` | – | again |')).listedTwice).toEqual(['PORT']);

    // And on the real files: a row taken out of docs/configuration.md is missed.
    const withoutPort = configurationDoc
      .split('\n')
      .filter((line) => !line.startsWith('| `PORT` |'))
      .join('\n');
    expect(compare(configSource, withoutPort).missingFromTable).toContain('PORT');
    expect(compare(configSource, configurationDoc).missingFromTable).not.toContain('PORT');
  });

  it('is the only table of the variables: README.md and the other docs link to it instead of listing them', () => {
    const inSource = variablesRead(configSource);
    const otherDocs = readdirSync(new URL('../../docs/', import.meta.url))
      .filter((name) => name.endsWith('.md') && name !== 'configuration.md')
      .map((name) => `../../docs/${name}`);
    for (const file of ['../../README.md', ...otherDocs]) {
      const rows = read(file)
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) => line.split('|')[1]?.trim().replace(/^`|`$/g, '') ?? '')
        .filter((cell) => inSource.has(cell));
      expect({ file, rows }).toEqual({ file, rows: [] });
    }
  });
});
