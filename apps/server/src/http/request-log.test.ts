import { Writable } from 'node:stream'
import Fastify, { LogController } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerRequestLogging, SLOW_REQUEST_MS } from './request-log.ts'

interface LogLine {
  level: number
  msg: string
  status?: number
  reason?: string
  url?: string
}

/** pino's numeric levels. */
const LEVEL = { debug: 20, info: 30, error: 50 }

describe('request logging', () => {
  const lines: LogLine[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine)
      done()
    },
  })
  const app = Fastify({
    logger: { level: 'debug', stream },
    logController: new LogController({ disableRequestLogging: true }),
  })
  beforeAll(async () => {
    registerRequestLogging(app)
    app.get('/ok', async () => ({ code: 1, msg: 'ok', data: null }))
    app.get('/refused', async () => ({ code: 0, msg: 'no', data: null, reason: 'insufficient_margin' }))
    app.get('/bad', async (_request, reply) => reply.status(400).send({ code: 0, msg: 'bad', data: null }))
    app.get('/broken', async (_request, reply) =>
      reply.status(500).send({ code: 0, msg: 'oops', data: null }),
    )
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50))
      return { code: 1, msg: 'ok', data: null }
    })
    await app.ready()
  })
  afterAll(() => app.close())

  const lineFor = async (url: string) => {
    lines.length = 0
    await app.inject({ method: 'GET', url })
    const requestLines = lines.filter((line) => line.url !== undefined)
    expect(requestLines).toHaveLength(1)
    return requestLines[0] as LogLine
  }

  it('logs a routine answer at debug, and only once', async () => {
    expect(await lineFor('/ok')).toMatchObject({ level: LEVEL.debug, status: 200 })
  })

  it('logs refusals at info: in the envelope under HTTP 200, and 4xx', async () => {
    expect(await lineFor('/refused')).toMatchObject({
      level: LEVEL.info,
      status: 200,
      reason: 'insufficient_margin',
    })
    expect(await lineFor('/bad')).toMatchObject({ level: LEVEL.info, status: 400 })
    expect(await lineFor('/nowhere')).toMatchObject({ level: LEVEL.info, status: 404 })
  })

  it('logs slow answers at info and 5xx at error', async () => {
    expect(await lineFor('/slow')).toMatchObject({ level: LEVEL.info, msg: 'slow request' })
    expect(await lineFor('/broken')).toMatchObject({ level: LEVEL.error, status: 500 })
  })

  it('cuts a huge url down before logging it', async () => {
    const line = await lineFor(`/ok?q=${'x'.repeat(10_000)}`)
    expect(line.url?.length).toBeLessThan(400)
  })
})
