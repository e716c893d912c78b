import { idempotencyHeader, REASONS, ResultCode } from '@tp/contracts'
import { BACK_OFFICE_CALLS } from './back-office-calls.ts'
import type { Call } from './call.ts'
import { propertiesOf } from './json-schema.ts'
import { bodySchemas, operation } from './operation.ts'
import { PHONE_CALLS } from './phone-calls.ts'
import { socketPath, socketSchemas } from './socket-channel.ts'

const DESCRIPTION = [
  'The HTTP calls of the phone client (`/api`, `/v1/api`), of the back office (`/admin/api`) and the',
  'realtime socket (`/v1/ws`). Generated from the zod schemas of packages/contracts by',
  'apps/server/src/http/openapi; the server serves it at `/api/openapi.json`.',
  '',
  'Every JSON answer is an envelope: `code` 1 success, 0 refused, 999 sign in again; `msg` is for people',
  '(in the language of the `lang` header); `data` the answer, null when there is none; a refusal adds',
  '`reason`, one of `Reason`, for programs. A refusal of the business (say `insufficient_margin`) answers',
  'HTTP 200; bad input answers 400, an unknown path 404, a body too large 413, too many calls 429.',
  'Numbers in queries and forms are read strictly (no `1e3`, no `0x10`); money travels as decimal text.',
].join('\n')

const SCHEMAS = {
  Reason: { type: 'string', enum: [...REASONS], description: 'Why a call was refused.' },
  Envelope: {
    type: 'object',
    properties: {
      code: { enum: Object.values(ResultCode) },
      msg: { type: 'string' },
      data: {},
      reason: { $ref: '#/components/schemas/Reason' },
    },
    required: ['code', 'msg', 'data'],
  },
  Refusal: {
    type: 'object',
    properties: {
      code: { enum: [ResultCode.FAIL, ResultCode.RELOGIN] },
      msg: { type: 'string' },
      data: { description: 'null, or what the refusal tells more (a requote: the new price).' },
      reason: { $ref: '#/components/schemas/Reason' },
    },
    required: ['code', 'msg', 'data', 'reason'],
  },
}

const PARAMETERS = {
  Lang: {
    name: 'lang',
    in: 'header',
    required: false,
    description: 'The language of `msg` (a code of packages/contracts/src/languages.ts).',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'The same key again answers the first call instead of acting twice.',
    schema: propertiesOf(idempotencyHeader)[0]?.schema,
  },
}

const SECURITY_SCHEMES = {
  userToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token of the phone client in `Authorization` (the `Bearer ` prefix is optional).',
  },
  staffToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A staff session token (`/admin/api/auth/*`); a user token is never accepted.',
  },
}

function pathsOf(groups: [string, Call[]][]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [tag, calls] of groups)
    for (const call of calls) {
      const item = (paths[call.path] ??= {})
      item[call.method.toLowerCase()] = operation(call, tag)
    }
  return paths
}

/** The OpenAPI 3.1 document of the whole API; the same input gives the same text. */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: { title: 'Trading platform API', version: '1', description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [
      { name: 'phone', description: 'Calls of the phone client (apps/web).' },
      { name: 'back-office', description: 'Calls of the back office (apps/admin).' },
      { name: 'socket', description: 'The realtime socket.' },
    ],
    paths: {
      ...pathsOf([
        ['phone', PHONE_CALLS],
        ['back-office', BACK_OFFICE_CALLS],
      ]),
      ...socketPath(),
    },
    components: {
      schemas: { ...SCHEMAS, ...bodySchemas([...PHONE_CALLS, ...BACK_OFFICE_CALLS]), ...socketSchemas() },
      parameters: PARAMETERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}

/** The document as committed in docs/openapi.json and served: two-space JSON and a final newline. */
export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`
