import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useFavourites, useIsFavourite } from '../market/favourites-store.ts'
import './favourite-star.css'

interface Props {
  code: string
  /** The code as users read it (ShowCode), for the button's name. */
  showCode: string
  className?: string
}

/**
 * The favourite star of one instrument: a toggle button (aria-pressed), never inside another
 * control. Every star of the same instrument changes together (one store).
 */
export const FavouriteStar = memo(function FavouriteStar({ code, showCode, className = '' }: Props) {
  const { t } = useTranslation()
  const starred = useIsFavourite(code)
  const toggle = useFavourites((state) => state.toggle)
  return (
    <button
      type="button"
      className={`favourite-star ${className}`.trim()}
      aria-pressed={starred}
      aria-label={t('favourites.star', { code: showCode })}
      data-testid={`favourite-${code}`}
      onClick={() => toggle(code)}
    >
      <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
        <path d="M12 3.2l2.7 5.5 6 .9-4.35 4.2 1.03 6-5.38-2.83L6.62 19.8l1.03-6L3.3 9.6l6-.9z" />
      </svg>
    </button>
  )
})
