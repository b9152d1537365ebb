// The web calls the API only through the typed client (call.ts) with an address from the contract, never with a path
// typed by hand (docs/decisions/046-one-declaration-per-endpoint.md): this reads every source file for one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as addresses from '@prospectie/contract/endpoints/addresses';
import { API_ROOT } from '@prospectie/contract/endpoint';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    // Tests and the tests' fake server name the paths they expect on purpose.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|fakeAdminServer\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** The first part of every endpoint's path ('/shops', '/me', ...) and the API's root. */
const roots = [...new Set([API_ROOT, ...Object.values(addresses).map((a) => `/${a.path.split('/')[1]}`)])];
const escaped = roots.map((root) => root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** A string or template literal that starts with one of them, whole: '/shops', `/shops/${id}`, '/api/me'. */
const handTyped = new RegExp(`['"\`](?:${escaped})(?=[/'"\`?$])`, 'g');

/** A line without what is no call: a comment, or a link to one of the app's own pages (`to="/prospectionreport/new"`). */
const code = (line: string) => (/^\s*(\/\/|\/?\*)/.test(line) ? '' : line.replace(/\bto=["{`]+[^"}`]*/g, ''));

describe('the web calls the API through its declarations', () => {
  it('has no path to an endpoint typed by hand outside the typed client', () => {
    const found = sources(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (code(line).match(handTyped) ? [`${path.relative(src, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('would notice one', () => {
    expect('api<Shop>(`/shops/${id}`)'.match(handTyped)).not.toBeNull();
    expect("fetch('/api/health')".match(handTyped)).not.toBeNull();
    expect(code('navigate(`/shop/${shop.id}`)').match(handTyped)).toBeNull();
    expect(code('<Link to="/prospectionreport/new">').match(handTyped)).toBeNull();
  });
});
