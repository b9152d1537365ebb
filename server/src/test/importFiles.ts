// The files the import suites (shopImport.test.ts, shopImportColumns.test.ts, cityImport.test.ts) send: the Belgian
// ERP's sample files (docs/samples) and its mapping, and an import file as the body of an administrative import route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShopImportMapping } from '@prospectie/contract';
import { writeHeaders, type TestContext } from './harness.js';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/samples');
export const sampleCsv = readFileSync(path.join(samples, 'winkels-erp.csv'));
export const sampleXlsx = readFileSync(path.join(samples, 'winkels-erp.xlsx'));
export const mapping = JSON.parse(readFileSync(path.join(samples, 'winkels-erp.mapping.json'), 'utf8')) as ShopImportMapping;

/** An import file as the body of an administrative import route (shops, columns, cities), with its query. */
export const postFile = (
  ctx: TestContext,
  cookie: string,
  route: 'shops' | 'columns' | 'cities',
  body: Buffer,
  query: Record<string, string>,
  contentType = 'application/octet-stream',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/imports/${route}?${new URLSearchParams(query)}`,
    headers: writeHeaders(cookie, { 'content-type': contentType }),
    payload: body,
  });
