// Zod compiles fast parsers with `new Function` when it may; under our Content-Security-Policy
// (no 'unsafe-eval') even its probe for that is reported as a violation in the console. Schemas
// are built when their modules load, so this module must be imported before any of them.
// Only zod's core config is imported: the whole of zod would add ~55 KB gzip to the first download
// (docs/decisions/022-web-first-load.md); the schemas load with the lazy screens that use them.
import { config } from 'zod/v4/core';

config({ jitless: true });
