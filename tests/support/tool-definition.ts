// The tool-definition checks a profile's folder runs on its own data (its `tool-definition.test.ts`):
// the fields and types its reference requires, more valid and invalid inputs than its example call,
// and a vendor's own declaration of it. src/engine/tool-definitions.test.ts runs the checks every
// profile shares, on each registered profile's example call; this kit names no profile.

import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { profileForTool } from '../../src/engine/envelope';
import { getProfile } from '../../src/engine/profiles/registry';
import { listedToolName, toolDefinition, toolInputSchema, type JsonSchema } from '../../src/engine/tool-definitions';
import type { ProfileId } from '../../src/engine/types';

// strict: true (the default) so that a keyword Ajv does not know fails the compile.
const ajv = new Ajv2020({ allErrors: true });

/** Required fields and property types, at the top and per item of `edits`. */
export interface ToolShape {
  required: string[];
  props: Record<string, string>;
  itemRequired: string[];
  itemProps: Record<string, string>;
}

/** Valid inputs, and invalid ones (a required field missing or mistyped). */
export interface ToolSamples {
  valid: unknown[];
  invalid: unknown[];
}

export interface ToolDefinitionData {
  /** The fields and types the reference (or seed) requires, and where they come from. */
  shape?: ToolShape;
  /** Inputs beyond the profile's example call. */
  samples?: ToolSamples;
  /** The Anthropic tool list's entry when the vendor declares the tool by its type alone. */
  anthropic?: unknown;
}

/** The profile's example call, then the samples. */
export function validInputs(id: ProfileId, samples?: ToolSamples): unknown[] {
  const example = getProfile(id).example;
  return [...(example !== undefined ? [example] : []), ...(samples?.valid ?? [])];
}

/** The invalid samples, and each valid input without one of the fields the schema requires. */
export function invalidInputs(id: ProfileId, samples?: ToolSamples): unknown[] {
  const required = (toolInputSchema(id).required as string[] | undefined) ?? [];
  const dropped = validInputs(id, samples).flatMap((input) =>
    required.filter((key) => Object.hasOwn(input as object, key)).map((key) => Object.fromEntries(Object.entries(input as object).filter(([k]) => k !== key))),
  );
  return [...(samples?.invalid ?? []), ...dropped];
}

function prop(schema: JsonSchema, key: string): JsonSchema {
  return (schema.properties as Record<string, JsonSchema>)[key]!;
}

/** The JSON Schema (Ajv, draft 2020-12) and the zod schema accept the valid inputs and reject the invalid ones. */
export function expectValidation(id: ProfileId, samples?: ToolSamples): void {
  const validate = ajv.compile(toolInputSchema(id));
  for (const input of validInputs(id, samples)) {
    expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
    expect(getProfile(id).schema.safeParse(input).success).toBe(true);
  }
  for (const input of invalidInputs(id, samples)) {
    expect(validate(input), JSON.stringify(input)).toBe(false);
    expect(getProfile(id).schema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  }
}

/** The checks of one profile's tool definition on its folder's data. */
export function describeToolDefinition(id: ProfileId, data: ToolDefinitionData): void {
  describe(`${id}: its tool definition`, () => {
    const { shape, samples, anthropic } = data;
    if (shape) {
      it("requires exactly the fields the seed requires, with the seed's types", () => {
        const schema = toolInputSchema(id);
        expect(schema.type).toBe('object');
        expect([...(schema.required as string[])].sort()).toEqual([...shape.required].sort());
        for (const [key, type] of Object.entries(shape.props)) expect(prop(schema, key).type, key).toBe(type);
        if (shape.itemRequired.length === 0) return;
        const items = prop(schema, 'edits').items as JsonSchema;
        expect([...(items.required as string[])].sort()).toEqual([...shape.itemRequired].sort());
        for (const [key, type] of Object.entries(shape.itemProps)) expect(prop(items, key).type, key).toBe(type);
      });
    }
    if (samples) {
      it('the JSON Schema and the zod schema accept the valid samples and reject the invalid ones', () => expectValidation(id, samples));
      it('its listed name routes each valid sample back to it', () => {
        for (const input of validInputs(id, samples)) expect(profileForTool(listedToolName(id), input), id).toBe(id);
      });
    }
    if (anthropic !== undefined) {
      it('is declared by its type in the Anthropic tool list', () => expect(toolDefinition(id, 'anthropic')).toEqual(anthropic));
    }
  });
}
