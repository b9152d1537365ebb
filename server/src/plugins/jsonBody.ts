// JSON request bodies: small by default, and a nesting depth checked before parsing.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../errors.js';

/** Body limits: every route gets `small`; an endpoint that takes more says so in its declaration (`bodyLimit`). */
export const BODY_LIMIT = { small: 16 * 1024 } as const;

/** No payload of the contract nests deeper than a handful of levels; 32 leaves room and stops a `[[[[…` flood. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text nests deeper than max. One pass over the characters (strings skipped), so a
 * megabyte of `[` is refused in about a millisecond, before the parser or the validator recurse through it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export const jsonBody = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new DomainError('body_too_deep', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'body'), undefined);
      return;
    }
    parse(request, text, done);
  });
});
