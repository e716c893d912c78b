import type { DrawSymbol } from '@tp/contracts/light'
import { List, Picker } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PressableList } from '../components/pressable-list.tsx'

interface Props {
  currencies: readonly DrawSymbol[]
  value: DrawSymbol | null
  onChange: (currency: DrawSymbol) => void
  testId: string
}

/** A list row that opens a picker of withdraw currencies, labelled `code-protocol` (docs/product.md "Records"). */
export function CurrencyPicker({ currencies, value, onChange, testId }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <PressableList>
        <List.Item
          data-testid={testId}
          extra={value ? value.label : t('wallet.chooseCurrency')}
          onClick={() => setOpen(true)}
        >
          {t('wallet.currency')}
        </List.Item>
      </PressableList>
      <Picker
        visible={open}
        onClose={() => setOpen(false)}
        columns={[currencies.map((currency) => ({ label: currency.label, value: currency.id }))]}
        value={value ? [value.id] : []}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={([id]) => {
          const chosen = currencies.find((currency) => currency.id === id)
          if (chosen) onChange(chosen)
        }}
      />
    </>
  )
}
