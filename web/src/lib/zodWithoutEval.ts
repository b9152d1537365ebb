// Zod compiles fast parsers with `new Function` when it may; under our Content-Security-Policy
// (no 'unsafe-eval') even its probe for that is reported as a violation in the console. Schemas
// are built when their modules load, so this module must be imported before any of them.
import { z } from 'zod';

z.config({ jitless: true });
