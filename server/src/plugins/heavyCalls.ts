// Calls whose work grows with what is sent or asked (uploads, imports, exports) are limited per person, per instance
// (docs/decisions/041-file-work-off-the-loop.md): generous for a rep sending ten photos of a visit at once, a wall for a
// script. Counted before the body is read; the answer is 429 too_many_requests with Retry-After, and nothing is done.
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';

/** The route config of a heavy call: at most `perMinute` per signed-in person (per address before sign-in). */
export function heavyCall(perMinute: number) {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => (request.currentUser ? `user:${request.currentUser.userId}` : `ip:${request.ip}`),
      errorResponseBuilder: (_request: FastifyRequest, context: { max: number; after: string }) =>
        new DomainError('too_many_requests', `at most ${context.max} of these calls a minute; try again in ${context.after}`),
    },
  };
}

export { FILE_WORK_ERRORS, HEAVY_CALL_ERRORS } from '@prospectie/contract';
