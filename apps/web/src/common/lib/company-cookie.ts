/** docs/product.md "Limits": the `company_id` cookie is kept three years. */
const COOKIE = 'company_id'
const THREE_YEARS_SECONDS = 3 * 365 * 24 * 60 * 60

/** A partner company's id as it may be kept: a positive whole number, nothing else. */
export function companyIdFrom(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

/** The cookie line that keeps `id` for three years on this site. */
export function companyCookie(id: number, secure: boolean): string {
  return `${COOKIE}=${id}; Max-Age=${THREE_YEARS_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** Remembers the partner company the visitor chose (main mode) or came from (`?company_id=`). */
export function rememberCompany(id: number): void {
  document.cookie = companyCookie(id, window.location.protocol === 'https:')
}

export function rememberedCompany(): number | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`))
  return companyIdFrom(entry?.slice(COOKIE.length + 1))
}

/** A partner's link (`…?company_id=7`) keeps its company; called once at start. */
export function rememberCompanyFromLink(): void {
  const id = companyIdFrom(new URLSearchParams(window.location.search).get(COOKIE))
  if (id !== null) rememberCompany(id)
}
