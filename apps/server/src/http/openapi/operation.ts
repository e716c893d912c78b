import type { Call, CallAuth } from './call.ts'
import { inputSchema, propertiesOf } from './json-schema.ts'

const ref = (name: string) => ({ $ref: `#/components/${name}` })
const envelope = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('schemas/Envelope') } },
})
const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('schemas/Refusal') } },
})

/** The refusals that come from who may call, before the call's own (`x-refusals`). */
function authRefusals(auth: CallAuth): string[] {
  if (auth === 'none') return []
  if (auth === 'session') return ['sign_in_again']
  if (auth === 'real_account') return ['sign_in_again', 'demo_forbidden']
  return auth.staff === null ? ['sign_in_again'] : ['sign_in_again', 'staff_forbidden']
}

function security(auth: CallAuth) {
  if (auth === 'none') return []
  return typeof auth === 'string' ? [{ userToken: [] }] : [{ staffToken: [] }]
}

function parameters(call: Call) {
  const path = call.params
    ? propertiesOf(call.params).map((p) => ({ name: p.name, in: 'path', required: true, schema: p.schema }))
    : []
  const query = call.query
    ? propertiesOf(call.query).map((p) => ({
        name: p.name,
        in: 'query',
        required: p.required,
        schema: p.schema,
      }))
    : []
  const idempotency = call.idempotent ? [ref('parameters/IdempotencyKey')] : []
  return [...path, ...query, ...idempotency, ref('parameters/Lang')]
}

function requestBody(call: Call) {
  if (call.upload) {
    const schema = {
      type: 'object',
      properties: { file: { type: 'string', contentMediaType: 'image/*' } },
      required: ['file'],
    }
    return { required: true, content: { 'multipart/form-data': { schema } } }
  }
  if (!call.body) return undefined
  const schema = ref(`schemas/${bodyName(call)}`)
  return {
    required: true,
    content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
  }
}

function responses(call: Call) {
  const data = call.answer ? ` \`data\` is a \`${call.answer}\` (packages/contracts).` : ''
  const ok = call.produces
    ? {
        description: 'The resource itself.',
        content: Object.fromEntries(call.produces.split(', ').map((type) => [type, {}])),
      }
    : envelope(
        `\`code\` 1 and \`data\`; or a refusal: \`code\` 0 (999: sign in again) and \`reason\`.${data}`,
      )
  return {
    '200': ok,
    '400': refusal('`invalid_input` (the field is named in `msg`), or another reason a schema states.'),
    ...(typeof call.auth === 'object' && call.auth.staff !== null
      ? { '403': refusal("`staff_forbidden`: the staff member's role may not do this.") }
      : {}),
    ...(call.body || call.upload ? { '413': refusal('`too_large`: the body is over the limit.') } : {}),
    ...(call.limited ? { '429': refusal('`rate_limited`: too many calls; try again later.') } : {}),
    '500': refusal('`server_error`: a fault on the server (details only in its log).'),
  }
}

/** The path in OpenAPI's form: Fastify's `:id` becomes `{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

const operationId = (call: Call) =>
  `${call.method.toLowerCase()}${call.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`

/** The name of a call's body schema in `components.schemas` (JSON and form bodies share it). */
const bodyName = (call: Call) => `${operationId(call).replace(/^./, (c) => c.toUpperCase())}Body`

/** The body schemas of the calls, for `components.schemas`. */
export const bodySchemas = (calls: Call[]) =>
  Object.fromEntries(calls.flatMap((call) => (call.body ? [[bodyName(call), inputSchema(call.body)]] : [])))

/** One call's operation object. */
export function operation(call: Call, tag: string) {
  const body = requestBody(call)
  const staff = typeof call.auth === 'object' ? call.auth : undefined
  return {
    tags: [tag],
    operationId: operationId(call),
    summary: call.summary,
    security: security(call.auth),
    parameters: parameters(call),
    ...(body ? { requestBody: body } : {}),
    responses: responses(call),
    ...(staff ? { 'x-staff-permission': staff.staff, 'x-staff-stage': staff.stage ?? 2 } : {}),
    'x-refusals': authRefusals(call.auth),
  }
}
