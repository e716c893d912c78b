import { ilike, asc } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  companyRequest,
  settingRequest,
  type AreaCode,
  type BasicInfo,
  type Company,
  type CompanyStatus,
} from '@tp/contracts'
import { areaCodes, companies } from '../../db/schema.ts'
import { createCaptcha } from '../../users/captcha.ts'
import { shownMobileSetting } from '../../users/mobile-sign-up.ts'
import { PUBLIC_SETTING_KEYS, getSetting, getSettings, isSettingKey } from '../../settings/settings.ts'
import { ok, sendRefusal } from '../envelope.ts'
import { parse } from '../parse.ts'
import { rateLimited, type RouteDeps } from '../route-deps.ts'

/** Calls a visitor makes before signing in: area codes, public settings, captcha, companies, site status. */
export function siteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps

  app.get('/api/default/area_list', async (request) => {
    const rows = await db.select().from(areaCodes).orderBy(asc(areaCodes.id))
    return ok<AreaCode[]>(
      request,
      rows.map((r) => ({ id: r.id, global_code: r.globalCode, code: r.code })),
    )
  })

  app.get('/api/default/setting', async (request, reply) => {
    const { key } = parse(settingRequest, request.query)
    if (!isSettingKey(key) || !PUBLIC_SETTING_KEYS.includes(key))
      return sendRefusal(reply, 200, 'invalid_input', { field: 'key' })
    const value = key === 'is_show_mobile' ? await shownMobileSetting(deps) : await getSetting(db, key)
    return ok(request, { key, value })
  })

  app.get('/api/default/captcha', { config: rateLimited(deps.rateLimits.captcha) }, async (request) =>
    ok(request, await createCaptcha(db, deps.clock())),
  )

  app.get('/api/basicSet/getBasicInfo', async (request) => {
    const s = await getSettings(db, [
      'service_link',
      'service_link_type',
      'verify_reg_type',
      'trade_fee_type',
      'site_title',
      'pc_url',
    ])
    return ok<BasicInfo>(request, {
      service_link: absoluteLink(s.service_link, request),
      service_link_type: Number(s.service_link_type),
      verify_reg_type: Number(s.verify_reg_type),
      trade_fee_type: Number(s.trade_fee_type),
      site_title: s.site_title,
      pc_url: s.pc_url,
    })
  })

  // With `name` (even empty) it searches partner companies; without, it gives the complaint e-mail.
  app.get('/api/company/getCompany', async (request) => {
    const { name } = parse(companyRequest, request.query)
    if (name === undefined) return ok(request, { email: await getSetting(db, 'complaint_email') })
    const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const rows = await db
      .select()
      .from(companies)
      .where(ilike(companies.name, pattern))
      .orderBy(asc(companies.id))
      .limit(100)
    return ok<Company[]>(
      request,
      rows.map(
        (c) => ({ ...c, registered_address: c.registeredAddress, registeredAddress: undefined }) as Company,
      ),
    )
  })

  app.get('/api/company/getCompanyStatus', async (request) => {
    const s = await getSettings(db, ['site_status', 'site_type', 'loss_url'])
    return ok<CompanyStatus>(request, {
      status: Number(s.site_status),
      type: Number(s.site_type),
      loss_url: s.loss_url,
    })
  })
}

/**
 * A relative service link (the platform's own chat page, `/chat.html`) as an absolute address on the
 * host this call reached, which serves that page: a client on another host than the API frames the
 * right page. An absolute link is returned as it is; an empty one stays empty.
 */
function absoluteLink(link: string, request: FastifyRequest): string {
  if (!link.startsWith('/') || link.startsWith('//')) return link
  return `${request.protocol}://${request.host}${link}`
}
