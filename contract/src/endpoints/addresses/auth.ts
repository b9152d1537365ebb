// Sign-in and the session (../auth.ts): where each is called, without its schemas.
import { at } from './at';

export const health = at('GET', '/health');
export const authConfig = at('GET', '/auth/config');
export const demoSignIn = at('POST', '/auth/demo');
export const signIn = at('GET', '/auth/login');
export const signInCallback = at('GET', '/auth/callback');
export const signOut = at('POST', '/auth/logout');
export const whoAmI = at('GET', '/me');
