// Answers that are JSON already, sent as they are, past the serialiser: a list kept per version (services/shopList.ts),
// serialised and compressed, in the encoding made once for its version or a 304 when the browser has it; and JSON the
// database wrote itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding } from '../plugins/compression.js';
import { matchesIfNoneMatch } from '../plugins/ifNoneMatch.js';
import type { ShopListBody } from '../services/shopList.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON the database wrote itself (a shop's visits, a calendar: decision 091), as it is. */
export const sendDatabaseJson = (reply: FastifyReply, json: string) => reply.type(JSON_TYPE).send(json);

export function sendListBody(request: FastifyRequest, reply: FastifyReply, body: ShopListBody) {
  reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) return reply.status(304).send(undefined);
  reply.type(JSON_TYPE);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br);
  if (encoding) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}
