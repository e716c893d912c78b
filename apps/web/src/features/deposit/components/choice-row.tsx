import { List, Picker } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PressableList } from '../../../common/components/pressable-list.tsx'

interface Props<T> {
  title: string
  placeholder: string
  options: readonly T[]
  value: T | null
  labelOf: (option: T) => string
  idOf: (option: T) => number
  onChange: (option: T) => void
  testId: string
}

/** A list row that opens a one-column picker (network, bank currency). */
export function ChoiceRow<T>({
  title,
  placeholder,
  options,
  value,
  labelOf,
  idOf,
  onChange,
  testId,
}: Props<T>) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <PressableList>
        <List.Item
          data-testid={testId}
          extra={value ? labelOf(value) : placeholder}
          onClick={() => setOpen(true)}
        >
          {title}
        </List.Item>
      </PressableList>
      <Picker
        visible={open}
        onClose={() => setOpen(false)}
        columns={[options.map((option) => ({ label: labelOf(option), value: idOf(option) }))]}
        value={value ? [idOf(value)] : []}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={([id]) => {
          const chosen = options.find((option) => idOf(option) === id)
          if (chosen) onChange(chosen)
        }}
      />
    </>
  )
}
