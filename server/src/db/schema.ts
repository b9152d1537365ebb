// The database: every entity of spec §3, plus sessions and idempotency keys, one file per group under schema/.
// This barrel is what the code imports (`db/schema.js`) and what drizzle-kit reads (drizzle.config.ts): it exports
// tables only, since drizzle takes the whole module as its schema. See docs/decisions/062-database-schema.md.
export * from './schema/people.js';
export * from './schema/places.js';
export * from './schema/visits.js';
export * from './schema/photos.js';
export * from './schema/todos.js';
export * from './schema/planning.js';
export * from './schema/system.js';
export * from './schema/pipeline.js';
export * from './schema/seasons.js';
export * from './schema/mail.js';
