import type { SavedPayoutMethod } from '@tp/contracts/light'
import { List, Picker } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { PressableList } from '../../../common/components/pressable-list.tsx'

interface Props {
  open: boolean
  onOpen: () => void
  onClose: () => void
  methods: readonly SavedPayoutMethod[]
  value: SavedPayoutMethod | null
  onChange: (method: SavedPayoutMethod) => void
}

/** How a saved method reads in the picker: the address, or the bank and the account number. */
export function methodLabel(method: SavedPayoutMethod): string {
  return method.dc_address || `${method.bank_name} ${method.payee_account}`
}

/** A list row opening a picker of the saved addresses or bank accounts of the chosen currency. */
export function MethodPicker({ open, onOpen, onClose, methods, value, onChange }: Props) {
  const { t } = useTranslation()
  return (
    <>
      <PressableList>
        <List.Item
          data-testid="withdraw-method"
          extra={<span className="num">{value ? methodLabel(value) : t('withdraw.chooseMethod')}</span>}
          onClick={onOpen}
        >
          {t('withdraw.method')}
        </List.Item>
      </PressableList>
      <Picker
        visible={open}
        onClose={onClose}
        columns={[methods.map((method) => ({ label: methodLabel(method), value: method.id }))]}
        value={value ? [value.id] : []}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={([id]) => {
          const chosen = methods.find((method) => method.id === id)
          if (chosen) onChange(chosen)
        }}
      />
    </>
  )
}
