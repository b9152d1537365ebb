import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './responseSerializer.js';

const appointment = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  shopName: z.string().nullable(),
  mine: z.boolean(),
  tags: z.array(z.object({ id: z.number(), label: z.string() })),
  kind: z.enum(['visit', 'call']).optional(),
});
const week = z.array(appointment);
const compile = (checked: boolean, schema: z.ZodType = week) =>
  responseSerializerCompiler({ checked })({ schema, method: 'GET', url: '/api/x' } as never);

const row = { id: 7, name: null, shopName: 'Mode Anna', mine: true, tags: [{ id: 1, label: 'Nieuw', secret: 'x' }] };

describe('answers written by their schema', () => {
  it('writes the declared fields and nothing else, in production as in the tests', () => {
    for (const checked of [false, true]) {
      const written = JSON.parse(compile(checked)([{ ...row, passwordHash: 'no', employeeEmail: 'an@example.com' }]));
      expect(written).toEqual([{ id: 7, name: null, shopName: 'Mode Anna', mine: true, tags: [{ id: 1, label: 'Nieuw' }] }]);
    }
  });

  it('checked, an answer that breaks its schema fails as before', () => {
    expect(() => compile(true)([{ ...row, id: 'seven' }])).toThrow();
  });

  it('checked, an answer the production writer would write otherwise fails', () => {
    // A transform is zod's alone: the schema's writer would send the value untransformed.
    const shouted = z.object({ name: z.string().transform((s) => s.toUpperCase()) });
    expect(JSON.parse(compile(false, shouted)({ name: 'anna' }))).toEqual({ name: 'anna' });
    expect(() => compile(true, shouted)({ name: 'anna' })).toThrow(/the schema's writer wrote/);
  });
});
