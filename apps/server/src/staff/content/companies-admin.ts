import { asc, eq } from 'drizzle-orm'
import type { Company } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { companies } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { isPlainEmail, webAddress } from '../web-values.ts'

export interface CompanyInput {
  name: string
  logo: string
  url: string
  subject: string
  registered_address: string
  location: string
  email: string
}

/** '' or an http(s) address: a partner's website or logo can never be a javascript: link. */
const webAddressOrEmpty = (value: string) => value === '' || webAddress(value) !== undefined
const emailOrEmpty = (value: string) => value === '' || isPlainEmail(value)
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** The problem with a company's fields, or undefined when they can be stored. */
function problem(input: CompanyInput): string | undefined {
  if (!webAddressOrEmpty(input.url)) return 'url'
  if (!webAddressOrEmpty(input.logo)) return 'logo'
  if (!emailOrEmpty(input.email)) return 'email'
  for (const field of ['name', 'subject', 'registered_address', 'location'] as const)
    if (CONTROL.test(input[field])) return field
  return undefined
}

const columnsOf = (input: CompanyInput) => ({
  name: input.name,
  logo: input.logo,
  url: input.url,
  subject: input.subject,
  registeredAddress: input.registered_address,
  location: input.location,
  email: input.email,
})

const companyOf = (row: typeof companies.$inferSelect): Company => ({
  id: row.id,
  name: row.name,
  logo: row.logo,
  url: row.url,
  subject: row.subject,
  registered_address: row.registeredAddress,
  location: row.location,
  email: row.email,
})

export async function companiesForStaff(db: DbOrTx): Promise<Company[]> {
  return (await db.select().from(companies).orderBy(asc(companies.id))).map(companyOf)
}

/** Adds a company (no `id`) or changes one; answers the company before and after, for the audit. */
export async function saveCompany(
  db: DbOrTx,
  id: number | undefined,
  input: CompanyInput,
): Promise<Outcome<{ before: Company | null; after: Company }>> {
  const bad = problem(input)
  if (bad) return refuse('invalid_input', { field: bad })
  if (id === undefined) {
    const [row] = await db.insert(companies).values(columnsOf(input)).returning()
    return accept({ before: null, after: companyOf(row!) })
  }
  const [old] = await db.select().from(companies).where(eq(companies.id, id)).for('update')
  if (!old) return refuse('not_found')
  const [row] = await db.update(companies).set(columnsOf(input)).where(eq(companies.id, id)).returning()
  return accept({ before: companyOf(old), after: companyOf(row!) })
}

export async function deleteCompany(db: DbOrTx, id: number): Promise<Outcome<Company>> {
  const [row] = await db.delete(companies).where(eq(companies.id, id)).returning()
  return row ? accept(companyOf(row)) : refuse('not_found')
}
