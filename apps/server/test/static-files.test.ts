import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheControlFor } from '../src/http/static-files.ts'
import { withPageLanguage } from '../src/web-shell/first-screen-html.ts'
import { startTestApp, type TestApp } from './harness.ts'
import { rawGet } from './raw-http.ts'

/*
 * The built phone app, sent by the server (issue 12, an instant first screen): the build's
 * brotli or gzip copy the browser accepts, hashed assets cached for good, pages revalidated every
 * time, and no dotfiles (the build's source map manifest).
 */

const SCRIPT = `console.log(${JSON.stringify('a fairly long line of script '.repeat(200))})\n`
const WORKER = `self.addEventListener('install', () => self.skipWaiting())\n`
const PAGE = `<!doctype html><html><head><title>app</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`

describe('serving the built app', () => {
  let app: TestApp
  let dist: string

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'web-dist-'))
    await mkdir(join(dist, 'assets'))
    await mkdir(join(dist, '.vite'))
    await writeFile(join(dist, 'index.html'), PAGE)
    await writeFile(join(dist, 'index.html.br'), brotliCompressSync(PAGE))
    await writeFile(join(dist, 'index.html.gz'), gzipSync(PAGE))
    await writeFile(join(dist, 'assets/app-Ab12Cd.js'), SCRIPT)
    await writeFile(join(dist, 'assets/app-Ab12Cd.js.br'), brotliCompressSync(SCRIPT))
    await writeFile(join(dist, 'assets/app-Ab12Cd.js.gz'), gzipSync(SCRIPT))
    await writeFile(join(dist, '.vite/manifest.json'), '{"src/secret.ts":{}}')
    await writeFile(join(dist, 'sw.js'), WORKER)
    await writeFile(join(dist, 'workbox-2fbc6a65.js'), WORKER)
    await writeFile(join(dist, 'app-shell.js'), WORKER)
    app = await startTestApp('pglite', { historyCandles: 5, app: { webDist: dist } })
  })
  afterAll(async () => {
    await app?.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('sends the brotli copy to a browser that takes it, else gzip, else the file', async () => {
    const br = await rawGet(app.base, '/assets/app-Ab12Cd.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT)
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toMatch(/javascript/)

    const gz = await rawGet(app.base, '/assets/app-Ab12Cd.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT)

    const plain = await rawGet(app.base, '/assets/app-Ab12Cd.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
  })

  it('caches hashed assets for good and revalidates pages, the fallback page included', async () => {
    const asset = await rawGet(app.base, '/assets/app-Ab12Cd.js', { 'accept-encoding': 'br' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const path of ['/', '/index.html', '/trade', '/mine/invite?x=1']) {
      const page = await rawGet(app.base, path, { 'accept-encoding': 'br' })
      expect({ path, status: page.status, cache: page.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cache: 'no-cache',
      })
      // The built file as it is; the app's pages name their language (web-shell, decision 041).
      expect(brotliDecompressSync(page.body).toString()).toBe(
        path === '/index.html' ? PAGE : withPageLanguage(PAGE, 'hk', undefined),
      )
    }
  })

  it('has the browser ask for the service worker, its workbox runtime and the shell script every time', async () => {
    for (const path of ['/sw.js', '/workbox-2fbc6a65.js', '/app-shell.js']) {
      const answer = await rawGet(app.base, path, { 'accept-encoding': 'br' })
      expect({ path, status: answer.status, cache: answer.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cache: 'no-cache',
      })
      expect(answer.headers['content-type']).toMatch(/javascript/)
      expect(answer.body.toString()).toBe(WORKER)
    }
    // Hashed assets stay immutable; a worker script is revalidated wherever it sits.
    expect(cacheControlFor('/dist/assets/app-Ab12Cd.js')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlFor('/dist/assets/sw.js')).toBe('no-cache')
  })

  it('never sends dotfiles: the build manifest stays on the server', async () => {
    const answer = await rawGet(app.base, '/.vite/manifest.json')
    expect(answer.body.toString()).not.toContain('secret')
  })

  it('keeps API answers out of the static rules', async () => {
    const answer = await rawGet(app.base, '/api/basicSet/getBasicInfo', { 'accept-encoding': 'br' })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 1 })
    expect(answer.headers['cache-control'] ?? '').not.toContain('immutable')
  })
})
