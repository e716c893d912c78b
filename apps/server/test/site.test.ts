import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies } from '../src/db/schema.ts'
import { setSetting } from '../src/settings/settings.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

describe.each(DRIVERS)('site calls on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app.close())

  it('lists area codes without the places the service is not offered in', async () => {
    const { body } = await app.get('/api/default/area_list')
    const codes = (body.data as { code: string; global_code: string }[]).map((a) => a.code)
    expect(codes.length).toBeGreaterThan(200)
    expect(codes).toEqual(expect.arrayContaining(['HK', 'US', 'GB', 'JP', 'TW', 'MO']))
    for (const excluded of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(codes).not.toContain(excluded)
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      global_code: expect.stringMatching(/^\+\d+$/),
    })
  })

  it('gives public settings and refuses private ones', async () => {
    expect((await app.get('/api/default/setting?key=is_show_mobile')).body.data).toEqual({
      key: 'is_show_mobile',
      value: '1',
    })
    const secret = await app.get('/api/default/setting?key=demo_starting_balance')
    expect(secret.status).toBe(200)
    expect(secret.body.code).toBe(0)
  })

  it('gives the base settings and the site status', async () => {
    const info = (await app.get('/api/basicSet/getBasicInfo')).body.data
    expect(info).toMatchObject({ verify_reg_type: 1, trade_fee_type: 1, service_link_type: 1, pc_url: '' })
    // The platform's own chat page, as an address on the host that answered.
    expect(info.service_link).toBe(`${app.base}/chat.html`)
    await setSetting(app.db, 'service_link', 'https://chat.example.com/widget')
    expect((await app.get('/api/basicSet/getBasicInfo')).body.data.service_link).toBe(
      'https://chat.example.com/widget',
    )
    await setSetting(app.db, 'service_link', '/chat.html')
    const status = (await app.get('/api/company/getCompanyStatus')).body.data
    expect(status).toEqual({ status: 1, type: 1, loss_url: '' })
  })

  it('serves the web app manifest under the site title, with installable icons', async () => {
    const fetchManifest = () => fetch(`${app.base}/manifest.webmanifest`)
    const answer = await fetchManifest()
    expect(answer.headers.get('content-type')).toContain('application/manifest+json')
    const manifest = await answer.json()
    expect(manifest).toMatchObject({ name: 'Meridian Markets', start_url: '/', display: 'standalone' })
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    )
    expect(manifest.icons.some((icon: { purpose: string }) => icon.purpose === 'maskable')).toBe(true)
    await setSetting(app.db, 'site_title', 'DEMO')
    expect(await (await fetchManifest()).json()).toMatchObject({ name: 'DEMO', short_name: 'DEMO' })
    await setSetting(app.db, 'site_title', 'Meridian Markets')
  })

  it('gives a complaint e-mail on a fresh install', async () => {
    expect((await app.get('/api/company/getCompany')).body.data.email).toMatch(/^complaints@/)
  })

  it('gives the complaint e-mail without a name and searches companies with one', async () => {
    await setSetting(app.db, 'complaint_email', 'complaints@example.com')
    expect((await app.get('/api/company/getCompany')).body.data).toEqual({ email: 'complaints@example.com' })
    await app.db
      .insert(companies)
      .values([
        { name: 'Northwind Capital', registeredAddress: '1 Harbour Road', email: 'a@northwind.example' },
        { name: 'Contoso 100% Markets' },
      ])
    const found = (await app.get('/api/company/getCompany?name=north')).body.data
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ name: 'Northwind Capital', registered_address: '1 Harbour Road' })
    expect((await app.get('/api/company/getCompany?name=%25')).body.data).toHaveLength(1)
    expect((await app.get('/api/company/getCompany?name=')).body.data).toHaveLength(2)
  })

  it('translates messages by the lang header, Traditional Chinese by default', async () => {
    const ask = (lang?: string) =>
      app.get('/api/user/info', lang ? { lang } : { headers: {} }).then((a) => a.body.msg)
    expect(await ask('en')).toBe('Please sign in again')
    expect(await ask('hk')).toBe('請重新登入')
    expect(await ask('xx')).toBe('請重新登入')
    expect(await ask('ar')).not.toBe('Please sign in again')
    const noHeader = await fetch(`${app.base}/api/user/info`)
    expect(((await noHeader.json()) as { msg: string }).msg).toBe('請重新登入')
  })

  it('sets security headers', async () => {
    const { headers } = await app.get('/api/default/area_list')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('answers an unknown API path with 404 and the envelope', async () => {
    const missing = await app.get('/api/nothing/here')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 0, reason: 'not_found' })
  })
})
