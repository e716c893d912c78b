import { z } from 'zod'

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as the document holds it. */
export type JsonSchema = Record<string, unknown>

/** The object schema inside `schema`, through the pipes `z.preprocess` builds; undefined if none. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>
  if (schema instanceof z.ZodPipe) return objectShape(schema.def.out as z.ZodType)
  return undefined
}

/**
 * The JSON Schema of what a client sends (`io: 'input'`: before defaults and transforms apply).
 * Checks JSON Schema cannot state (refinements, transforms) become no constraint, not an error:
 * the server still applies them, and answers `invalid_input` naming the field. A field is required
 * only if the server refuses a request without it: the contracts read many fields through
 * `z.preprocess` (an empty or missing value becomes a default), which JSON Schema cannot see.
 */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' })
  delete json.$schema
  const shape = objectShape(schema)
  if (shape && Array.isArray(json.required)) {
    const required = json.required.filter((key) => !shape[key]?.safeParse(undefined).success)
    if (required.length > 0) json.required = required
    else delete json.required
  }
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
