// An address: method and path say which endpoint it is (the web's client finds the declaration's types by them).
import type { HttpMethod } from '../../endpoint';

export const at = <const M extends HttpMethod, const P extends string>(method: M, path: P) => ({ method, path });
