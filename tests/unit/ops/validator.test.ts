import { describe, expect, it } from 'vitest';
import { ARGS_ROOT, ARGUMENTS_ROOT, createValidator } from '../../../src/worker/ops/validator';

const toolArgs = createValidator(
  {
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 200 },
      limit: { type: 'integer', minimum: 1, maximum: 50 },
      file_types: { type: 'array', minItems: 1, items: { enum: ['markdown', 'pdf'] } },
      due_time: { type: ['string', 'null'], pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    },
  },
  ARGUMENTS_ROOT,
);

const opArgs = createValidator(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'array',
    prefixItems: [
      {
        type: 'object',
        additionalProperties: false,
        properties: { 'odd key': { type: 'string' }, limit: { type: 'integer', maximum: 50 } },
      },
    ],
    minItems: 1,
    maxItems: 1,
    items: false,
  },
  ARGS_ROOT,
);

describe('validator: one refusal naming the first failing field', () => {
  it('passes a valid value', () => {
    expect(toolArgs({ title: 'x', limit: 50, file_types: ['pdf'], due_time: null })).toBeNull();
  });

  it('names a missing required field with what it must be', () => {
    expect(toolArgs({})).toMatchObject({
      code: 'VALIDATION',
      field: 'title',
      expected: 'string (1..200 characters), required',
    });
  });

  it('names an unknown property and lists the allowed ones', () => {
    expect(toolArgs({ title: 'x', colour: 'red' })).toMatchObject({
      field: 'colour',
      expected: 'no such property',
      allowed: ['title', 'limit', 'file_types', 'due_time'],
    });
  });

  it('names a wrong type with the expected type and what was sent', () => {
    const e = toolArgs({ title: 'x', limit: '5' });
    expect(e).toMatchObject({ field: 'limit', expected: 'integer' });
    expect(e?.message).toBe('limit: expected integer (got "5")');
    expect(toolArgs({ title: 'x', due_time: 5 })).toMatchObject({
      field: 'due_time',
      expected: 'string or null',
    });
  });

  it('names a crossed bound', () => {
    expect(toolArgs({ title: 'x', limit: 51 })).toMatchObject({ field: 'limit', expected: 'integer <= 50' });
    expect(toolArgs({ title: 'x', limit: 0 })).toMatchObject({ field: 'limit', expected: 'integer >= 1' });
    expect(toolArgs({ title: '' })).toMatchObject({
      field: 'title',
      expected: 'string of at least 1 character',
    });
    expect(toolArgs({ title: 'a'.repeat(201) })).toMatchObject({
      expected: 'string of at most 200 characters',
    });
    expect(toolArgs({ title: 'x', file_types: [] })).toMatchObject({
      field: 'file_types',
      expected: 'at least 1 item',
    });
  });

  it('lists the allowed values of an enum, with the index of the bad item', () => {
    expect(toolArgs({ title: 'x', file_types: ['pdf', 'gif'] })).toMatchObject({
      field: 'file_types[1]',
      allowed: ['markdown', 'pdf'],
    });
  });

  it('names a pattern mismatch', () => {
    expect(toolArgs({ title: 'x', due_time: '25:00' })).toMatchObject({
      field: 'due_time',
      expected: 'string matching ^([01][0-9]|2[0-3]):[0-5][0-9]$',
    });
  });

  it('names the arguments object itself when it is not an object', () => {
    expect(toolArgs([])).toMatchObject({ field: 'arguments', expected: 'object' });
  });

  it('writes positional paths as args[i].name', () => {
    expect(opArgs([{ limit: 51 }])).toMatchObject({ field: 'args[0].limit', expected: 'integer <= 50' });
    expect(opArgs([{ 'odd key': 1 }])).toMatchObject({ field: 'args[0]["odd key"]' });
  });

  it('counts arguments at the root of an args array', () => {
    expect(opArgs([])).toMatchObject({ field: 'args', expected: 'at least 1 argument' });
    expect(opArgs([{}, {}])).toMatchObject({ field: 'args', expected: 'at most 1 argument' });
    expect(opArgs({})).toMatchObject({ field: 'args', expected: 'array' });
  });
});

describe('validator: anyOf', () => {
  const validate = createValidator(
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        repeat: {
          anyOf: [
            {
              type: 'object',
              additionalProperties: false,
              required: ['freq'],
              properties: { freq: { enum: ['daily', 'weekly'] } },
            },
            { type: 'null' },
          ],
        },
      },
    },
    ARGUMENTS_ROOT,
  );

  it('names a type mismatch with every branch', () => {
    expect(validate({ repeat: 'daily' })).toMatchObject({ field: 'repeat', expected: 'object or null' });
  });

  it('names the deeper field when a branch had the right type', () => {
    expect(validate({ repeat: { freq: 'hourly' } })).toMatchObject({
      field: 'repeat.freq',
      allowed: ['daily', 'weekly'],
    });
    expect(validate({ repeat: null })).toBeNull();
  });
});
