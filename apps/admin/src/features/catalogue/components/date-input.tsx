import { Input } from 'antd'

/**
 * A date in the wire's form (YYYY-MM-DD), picked with the browser's own calendar. Not antd's
 * DatePicker: that adds its picker and dayjs to the antd chunk every page loads, for two fields.
 */
export function DateInput({
  value,
  onChange,
  ...rest
}: {
  value?: string
  onChange?: (date: string) => void
  'data-testid'?: string
}) {
  return (
    <Input
      type="date"
      value={value}
      min="2000-01-01"
      max="2100-12-31"
      style={{ width: 180 }}
      onChange={(event) => {
        // An incomplete date reads as "": keep the last whole one rather than clearing the field.
        if (event.target.value) onChange?.(event.target.value)
      }}
      {...rest}
    />
  )
}
