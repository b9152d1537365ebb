// Where each declared endpoint is called: its name, method and path, without its schemas, so that a screen's code
// carries only the addresses it calls (docs/decisions/046-one-declaration-per-endpoint.md). One file per area, so a
// screen's chunk takes its area's addresses with it instead of Home's first download taking them all.
export * from './addresses/auth';
export * from './addresses/reference';
export * from './addresses/people';
export * from './addresses/shops';
export * from './addresses/prospections';
export * from './addresses/photos';
export * from './addresses/todos';
export * from './addresses/reports';
export * from './addresses/planning';
export * from './addresses/overview';
export * from './addresses/admin';
export * from './addresses/pipeline';
export * from './addresses/mail';
export * from './addresses/places';
