// Declared in the migration to one declaration per endpoint (docs/decisions/046-one-declaration-per-endpoint.md).
export {};
