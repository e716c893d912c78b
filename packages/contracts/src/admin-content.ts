import { z } from 'zod'
import { INT32_MAX, integer, serialId } from './numbers.ts'
import { pageRequest } from './trading.ts'

/** Shapes of the back office's content calls (issue 11, item 5): news and partner companies. */

export const idPathParams = z.object({ id: serialId })

/** `GET /admin/api/news`: every article, or those of one category (`category_id`) when given. */
export const staffNewsListRequest = pageRequest.extend({
  category_id: integer({ min: 1, max: INT32_MAX }).optional(),
})

/** A partner company (docs/product.md "Company"); text fields trimmed and bounded. */
export const companySaveRequest = z.object({
  name: z.string().trim().min(1).max(120),
  logo: z.string().trim().max(1000).default(''),
  url: z.string().trim().max(500).default(''),
  subject: z.string().trim().max(200).default(''),
  registered_address: z.string().trim().max(300).default(''),
  location: z.string().trim().max(200).default(''),
  email: z.string().trim().max(254).default(''),
})
