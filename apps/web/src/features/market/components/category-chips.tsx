import type { Category } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { FAVOURITES, type CategoryChoice } from '../lib/category-filter.ts'

interface Props {
  /** Already in display order. */
  categories: readonly Category[]
  active: CategoryChoice
  onSelect: (tapped: CategoryChoice) => void
}

/** "Favourites" first, "All", then one chip per category; the chip that filters the list is pressed. */
export function CategoryChips({ categories, active, onSelect }: Props) {
  const { t } = useTranslation()
  const chip = (id: CategoryChoice, label: string, testId: string) => (
    <button
      key={testId}
      type="button"
      className="category-chip"
      aria-pressed={active === id}
      data-testid={testId}
      onClick={() => onSelect(id)}
    >
      {label}
    </button>
  )
  return (
    <div className="category-chips" role="toolbar" aria-label={t('market.categories')}>
      {chip(FAVOURITES, t('favourites.chip'), 'category-chip-favourites')}
      {chip(null, t('market.all'), 'category-chip-all')}
      {categories.map((category) =>
        chip(category.Id, category.NameShowTrans || category.Name, `category-chip-${category.Id}`),
      )}
    </div>
  )
}
