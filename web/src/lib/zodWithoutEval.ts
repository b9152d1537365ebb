// Zod compiles fast parsers with `new Function` when it may; under our Content-Security-Policy
// (no 'unsafe-eval') even its probe for that is reported as a violation in the console. Schemas
// are built when their modules load, so this module must be imported before any of them.
// Zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js), which every copy of zod
// shares and `config()` only writes to. Setting it here spares the first download zod's core, ~10 KB that
// `config()` brought along; the schemas load with the lazy screens that use them.
// zodWithoutEval.test.ts checks that zod reads it, so an upgrade that moves it fails a test instead of the CSP.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
