import type { FastifyInstance } from 'fastify'
import { sendEmailRequest, sendSmsRequest } from '@tp/contracts'
import { sendCode } from '../../users/send-code.ts'
import { answer, langOf } from '../envelope.ts'
import { parse } from '../parse.ts'
import { rateLimited, type RouteDeps } from '../route-deps.ts'

export function notifyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const config = rateLimited(deps.rateLimits.sendCode)

  app.post('/api/notify/send_email', { config }, async (request) => {
    const input = parse(sendEmailRequest, request.body)
    const outcome = await sendCode(
      deps,
      { channel: 'email', email: input.to, purpose: input.type },
      langOf(request),
    )
    return answer(request, outcome, 'code_sent')
  })

  app.post('/api/notify/send_sms', { config }, async (request) => {
    const input = parse(sendSmsRequest, request.body)
    const outcome = await sendCode(
      deps,
      { channel: 'sms', mobile: input.to, areaId: input.area_id, purpose: input.type },
      langOf(request),
    )
    return answer(request, outcome, 'code_sent')
  })
}
