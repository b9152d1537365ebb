// Every declared endpoint, by area (docs/decisions/046-one-declaration-per-endpoint.md).
export * from './auth';
export * from './reference';
export * from './people';
export * from './shops';
export * from './prospections';
export * from './photos';
export * from './todos';
export * from './reports';
export * from './planning';
export * from './overview';
export * from './admin';
export * from './pipeline';
export * from './mail';
export * from './places';
