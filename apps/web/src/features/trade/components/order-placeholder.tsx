import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

/**
 * Where the order form goes (issue 4). Until then the buttons are visibly off and the note says
 * so: nothing here pretends to place an order.
 */
export function OrderPlaceholder() {
  const { t } = useTranslation()
  return (
    <section className="order-placeholder" data-testid="order-placeholder" aria-label={t('trade.orderArea')}>
      <p className="order-placeholder-note">{t('trade.ordersSoon')}</p>
      <div className="order-placeholder-buttons">
        <Button block disabled className="order-button-sell">
          {t('trade.sell')}
        </Button>
        <Button block disabled className="order-button-buy">
          {t('trade.buy')}
        </Button>
      </div>
    </section>
  )
}
