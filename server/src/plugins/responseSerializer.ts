// Writes a declared answer as JSON by its schema (docs/decisions/087-responses-written-by-their-schema.md): in
// production fast-json-stringify, compiled once per route and status from the zod schema's JSON Schema, writes the
// declared fields and nothing else; zod's parse of every answer (a full copy, then JSON.stringify) was a seventh of
// the server's time on a read such as a rep's week. Outside production zod still checks every answer first, and the
// two writings must agree, so every test that reads an answer also tests what production sends.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

/** The schema's writer: only the declared fields, in the schema's order; no checks (zod makes them in the tests). */
export function schemaWriter(schema: z.ZodType): Serializer {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serializer;
}

/**
 * The serializer compiler for the app: `checked` (every environment but production) parses with zod as before
 * (an answer that breaks its schema is a 500) and throws where the production writer would send something else.
 */
export function responseSerializerCompiler({ checked }: { checked: boolean }) {
  return (input: CompilerInput): Serializer => {
    const zodWriter = zodSerializerCompiler(input) as Serializer;
    if (!(input.schema instanceof z.ZodType)) return zodWriter;
    const writer = schemaWriter(input.schema);
    if (!checked) return writer;
    return (data) => {
      const expected = zodWriter(data);
      const written = writer(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${input.method} ${input.url}: the schema's writer wrote ${written.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
        );
      }
      return expected;
    };
  };
}
