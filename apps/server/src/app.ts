import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import { requestLanguage } from './i18n/translate.ts'
import { answerClientError, registerErrorHandling } from './http/errors.ts'
import { sendRefusal } from './http/envelope.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { registerCors } from './http/cors.ts'
import { rewriteAlias } from './http/url-aliases.ts'
import { registerRequestLogging } from './http/request-log.ts'
import type { RouteDeps } from './http/route-deps.ts'
import { siteRoutes } from './http/routes/site.ts'
import { notifyRoutes } from './http/routes/notify.ts'
import { userRoutes } from './http/routes/user.ts'
import { marketRoutes } from './http/routes/market.ts'
import { tradingRoutes } from './http/routes/trading.ts'
import { familyRoutes } from './http/routes/family.ts'
import { statementRoutes } from './http/routes/statement.ts'
import { alertRoutes } from './http/routes/alerts.ts'
import { registerUploads } from './http/routes/uploads.ts'
import { walletRoutes } from './http/routes/wallet.ts'
import { securityRoutes } from './http/routes/security.ts'
import { moneyRoutes } from './http/routes/money.ts'
import { identityRoutes } from './http/routes/identity.ts'
import { inviteRoutes } from './http/routes/invite.ts'
import { newsRoutes } from './http/routes/news.ts'
import { rankRoutes } from './http/routes/rank.ts'
import { copyRoutes } from './http/routes/copy.ts'
import { chatRoutes } from './http/routes/chat.ts'
import { feedbackRoutes } from './http/routes/feedback.ts'
import { noticeRoutes } from './http/routes/notices.ts'
import { pushRoutes } from './http/routes/push.ts'
import { legalRoutes } from './http/routes/legal.ts'
import { webManifestRoutes } from './http/routes/web-manifest.ts'
import { adminRoutes } from './http/admin/admin-routes.ts'
import { openApiRoute } from './http/openapi/openapi-route.ts'
import { STATIC_FILE_OPTIONS } from './http/static-files.ts'
import { registerCompression } from './http/compression.ts'
import { firstScreenRoutes } from './web-shell/first-screen-routes.ts'
import { registerGateway } from './http/socket/gateway.ts'
import { signInMessages } from './trading/account-push.ts'
import { measureRequests, opsRoutes } from './ops/ops-routes.ts'
import { requestIdOf } from './ops/request-id.ts'

/** API bodies are small forms; image uploads are multipart, with their own limits (http/routes/uploads.ts). */
const API_BODY_LIMIT_BYTES = 64 * 1024

export interface AppOptions {
  logger: FastifyServerOptions['logger']
  https: boolean
  /**
   * Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-* headers are believed.
   * Unset trusts none: `request.ip` is the socket's peer, so no client can choose the address its
   * rate limits are counted under.
   */
  trustProxy?: string[]
  /** Origins allowed to call /api and /v1 from a browser; `*` (the default) allows any. */
  corsOrigins?: '*' | string[]
  /** Built client and back office, served at / and /admin when present. */
  webDist?: string
  adminDist?: string
  /**
   * Whether this process serves the back office (its API and its app). A gateway process does not:
   * staff's work runs beside the desk, on the engine process (decision 049).
   */
  backOffice?: boolean
}

/** Builds the whole HTTP app from its collaborators; main.ts and the tests call this alike. */
export async function buildApp(deps: RouteDeps, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger,
    // A request id that follows the request through the logs: the caller's `x-request-id` (a load
    // balancer's) when it is a plain token, else a new one; it is answered back in the same header.
    genReqId: requestIdOf,
    bodyLimit: API_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Fastify's "incoming request" and "request completed" lines are info, two per request: off.
    // registerRequestLogging writes one line per request at a level that fits the answer.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
    rewriteUrl: (request) => rewriteAlias(request.url),
  })
  app.decorateRequest('lang', 'hk')
  app.decorateRequest('session', undefined)
  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request.headers.lang)
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  if (deps.metrics) measureRequests(app, deps.metrics)
  opsRoutes(app, {
    db: deps.db,
    tradingAvailable: () => deps.desk.available,
    ...(deps.metrics && { metrics: deps.metrics }),
    ...(deps.metricsToken && { metricsToken: deps.metricsToken }),
  })
  registerErrorHandling(app)
  registerSecurityHeaders(app, { https: options.https })
  registerRequestLogging(app)
  await registerCors(app, options.corsOrigins ?? '*')
  await app.register(formbody)
  await registerCompression(app)
  await app.register(rateLimit, {
    global: false,
    // Counted in Redis when there is one: every process counts the same requests.
    // While Redis is unreachable the request limits let requests through (the sign-in limits do not).
    ...(deps.redis && {
      redis: deps.redis,
      nameSpace: `${deps.redisNamespace ?? 'tp:'}rl:`,
      skipOnError: true,
    }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: 'rate limited',
    }),
  })

  await registerGateway(app, {
    ...deps,
    signInMessages: async (userId) =>
      signInMessages(await deps.reads.ofUser(userId), deps.market, userId, deps.clock().getTime()),
  })
  siteRoutes(app, deps)
  notifyRoutes(app, deps)
  userRoutes(app, deps)
  marketRoutes(app, deps)
  tradingRoutes(app, deps)
  familyRoutes(app, deps)
  statementRoutes(app, deps)
  alertRoutes(app, deps)
  await registerUploads(app, deps)
  walletRoutes(app, deps)
  securityRoutes(app, deps)
  moneyRoutes(app, deps)
  identityRoutes(app, deps)
  inviteRoutes(app, deps)
  newsRoutes(app, deps)
  rankRoutes(app, deps)
  copyRoutes(app, deps)
  chatRoutes(app, deps)
  feedbackRoutes(app, deps)
  noticeRoutes(app, deps)
  pushRoutes(app, deps)
  legalRoutes(app, deps)
  webManifestRoutes(app, deps)
  if (options.backOffice !== false) adminRoutes(app, deps)
  openApiRoute(app)

  await serveClients(app, deps, options)
  return app
}

const isApiPath = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/v1/') || url.startsWith('/admin/api/')

/** Serves the built web apps; any other non-API GET gets the client's index.html (its router decides). */
async function serveClients(app: FastifyInstance, deps: RouteDeps, options: AppOptions): Promise<void> {
  const web = options.webDist && existsSync(join(options.webDist, 'index.html')) ? options.webDist : undefined
  const admin =
    options.backOffice !== false && options.adminDist && existsSync(join(options.adminDist, 'index.html'))
      ? options.adminDist
      : undefined
  // The app's pages in the reader's language, `/` and `/trade` with their first screen
  // (first-screen-routes.ts); the files are served as built.
  const sendAppPage = web ? firstScreenRoutes(app, web, deps) : undefined
  if (web) {
    await app.register(fastifyStatic, { ...STATIC_FILE_OPTIONS, root: web, prefix: '/', index: false })
  }
  if (admin) {
    await app.register(fastifyStatic, {
      ...STATIC_FILE_OPTIONS,
      root: admin,
      prefix: '/admin/',
      decorateReply: !web,
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (request.method === 'GET' && !isApiPath(path)) {
      if (admin && (path === '/admin' || path.startsWith('/admin/')))
        return reply.sendFile('index.html', admin)
      if (sendAppPage) return sendAppPage(request, reply)
    }
    return sendRefusal(reply, 404, 'not_found')
  })
}
