import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { acceptedTags, pageLanguage } from './first-screen-routes.ts'

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest

describe('the language of the first screen', () => {
  it('reads Accept-Language by preference, skipping refused and malformed parts', () => {
    expect(acceptedTags('ja-JP,ja;q=0.9,en;q=0.8')).toEqual(['ja-JP', 'ja', 'en'])
    expect(acceptedTags('en;q=0.2, fr;q=0.9, de')).toEqual(['de', 'fr', 'en'])
    expect(acceptedTags('*, ar;q=0, fa;q=bad, ,')).toEqual(['fa'])
    expect(acceptedTags(undefined)).toEqual([])
    expect(acceptedTags('en,'.repeat(1000))).toHaveLength(16)
  })

  it("takes the app's stored choice first, then the browser's languages, then the default", () => {
    expect(pageLanguage(request({ cookie: 'a=1; lang=ar', 'accept-language': 'ja' }))).toBe('ar')
    expect(pageLanguage(request({ 'accept-language': 'xx, ja-JP;q=0.5' }))).toBe('jp')
    expect(pageLanguage(request({ cookie: 'lang=xx', 'accept-language': 'zz' }))).toBe('hk')
    expect(pageLanguage(request({}))).toBe('hk')
  })
})
