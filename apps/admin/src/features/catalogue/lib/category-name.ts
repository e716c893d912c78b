import type { AdminCategory } from '@tp/contracts/light'

/** A category's name in the staff member's language, else English, else its key. */
export function categoryName(category: Pick<AdminCategory, 'names' | 'key'>, language: string): string {
  return category.names[language] ?? category.names.en ?? category.key
}
