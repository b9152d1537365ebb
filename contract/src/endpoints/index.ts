// Every declared endpoint, by area (docs/decisions/046-one-declaration-per-endpoint.md).
export * from './planning';
export * from './shops';
