import type { FastifyInstance } from 'fastify'

/**
 * Headers every answer carries. The policy allows inline styles (antd-mobile sets them), data and
 * blob images (captchas, QR codes, previews) and any frame source (the support chat is a frame of
 * the configured service link).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' ws: wss:",
  'frame-src https: http:',
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ')

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'SAMEORIGIN')
    reply.header('referrer-policy', 'same-origin')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()')
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
    if (options.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    return payload
  })
}
