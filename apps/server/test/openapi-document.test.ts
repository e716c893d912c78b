import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { openApiDocument, openApiText } from '../src/http/openapi/document.ts'

const COMMITTED = new URL('../../../docs/openapi.json', import.meta.url)
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
type Json = Record<string, any>

/** Every `$ref` in the document, with where it was found. */
function refsOf(node: unknown, at = '#'): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => refsOf(item, `${at}/${i}`))
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    key === '$ref' && typeof value === 'string' ? [[value, at]] : refsOf(value, `${at}/${key}`),
  )
}

const resolve = (document: Json, ref: string) =>
  ref
    .slice(2)
    .split('/')
    .reduce<any>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document)

describe('parameters', () => {
  test('are required only where the server refuses a call without them (defaults read by z.preprocess)', () => {
    const paths = openApiDocument().paths as Json
    const required = (path: string) =>
      (paths[path].get.parameters as Json[]).filter((p) => p.required).map((p) => p.name as string)
    expect(required('/v1/api/forex/submit').sort()).toEqual(['cont', 'forex_id', 'multiple', 'type'])
    expect(required('/v1/api/forex/my_deal')).toEqual([])
  })
})

describe('docs/openapi.json', () => {
  test('is the generated document (regenerate: node --import tsx apps/server/src/http/openapi/write-openapi.ts)', () => {
    expect(readFileSync(COMMITTED, 'utf8')).toBe(openApiText())
  })
})

/**
 * The rules of OpenAPI 3.1 a generator can break, checked by hand: no validator of 3.1 is among
 * the installed packages, and the document is plain data built by our own code.
 */
describe('the OpenAPI document is valid OpenAPI 3.1', () => {
  const document = openApiDocument() as Json
  const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  )

  test('has the required top-level fields', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/)
    expect(typeof document.info.title).toBe('string')
    expect(typeof document.info.version).toBe('string')
    expect(
      Object.keys(document).every(
        (key) =>
          [
            'openapi',
            'info',
            'servers',
            'paths',
            'components',
            'tags',
            'webhooks',
            'security',
            'externalDocs',
            'jsonSchemaDialect',
          ].includes(key) || key.startsWith('x-'),
      ),
    ).toBe(true)
  })

  test('every path is absolute and every operation is under an HTTP method', () => {
    for (const { path, method } of operations) {
      expect(path.startsWith('/'), path).toBe(true)
      expect(METHODS, `${method} ${path}`).toContain(method)
    }
  })

  test('operation ids are unique and every operation answers something', () => {
    const ids = operations.map(({ op }) => op.operationId as string)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { path, method, op } of operations) {
      const codes = Object.keys(op.responses ?? {})
      expect(codes.length, `${method} ${path}`).toBeGreaterThan(0)
      for (const code of codes) expect(code).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/)
      for (const response of Object.values(op.responses as Json))
        expect(typeof response.description).toBe('string')
    }
  })

  test('path templates and path parameters match, and parameters are unique', () => {
    for (const { path, method, op } of operations) {
      const params = ((op.parameters ?? []) as Json[]).map((p) => (p.$ref ? resolve(document, p.$ref) : p))
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      const inPath = params.filter((p) => p.in === 'path')
      expect(inPath.map((p) => p.name).sort(), `${method} ${path}`).toEqual(templated)
      for (const p of inPath) expect(p.required).toBe(true)
      for (const p of params) expect(['query', 'header', 'path', 'cookie']).toContain(p.in)
      const keys = params.map((p) => `${p.in}:${p.name.toLowerCase()}`)
      expect(new Set(keys).size, `${method} ${path}`).toBe(keys.length)
    }
  })

  test('tags are declared and security names a scheme', () => {
    const tags = (document.tags as Json[]).map((t) => t.name)
    const schemes = Object.keys(document.components.securitySchemes)
    for (const { op } of operations) {
      for (const tag of op.tags) expect(tags).toContain(tag)
      for (const requirement of op.security)
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name)
    }
  })

  test('every $ref points at something in the document', () => {
    for (const [ref, at] of refsOf(document)) {
      expect(ref.startsWith('#/'), at).toBe(true)
      expect(resolve(document, ref), `${ref} at ${at}`).toBeDefined()
    }
  })

  test('schemas use the JSON Schema 2020-12 dialect (no $schema of another draft, no OpenAPI 3.0 nullable)', () => {
    const text = JSON.stringify(document)
    expect(text).not.toContain('"nullable"')
    expect(text).not.toContain('draft-07')
    expect(text).not.toMatch(/"exclusive(Minimum|Maximum)":(true|false)/)
  })
})
