import { z } from 'zod'

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as the document holds it. */
export type JsonSchema = Record<string, unknown>

/**
 * The JSON Schema of what a client sends (`io: 'input'`: before defaults and transforms apply).
 * Checks JSON Schema cannot state (refinements, transforms) become no constraint, not an error:
 * the server still applies them, and answers `invalid_input` naming the field.
 */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' })
  delete json.$schema
  return json as JsonSchema
}

/** The top-level properties of an object schema, each with whether it is required. */
export function propertiesOf(schema: z.ZodType): { name: string; schema: JsonSchema; required: boolean }[] {
  const json = inputSchema(schema)
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }))
}
