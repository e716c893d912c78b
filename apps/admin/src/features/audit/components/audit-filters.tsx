import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { AutoComplete, Button, Input, Select, Space } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { STAFF_QUERY_KEY, staffApi } from '../../../common/api/staff-api.ts'

/** The areas actions start with, offered as the action filter is typed (any prefix is accepted). */
const AREAS = [
  'adjustment',
  'category',
  'chat',
  'company',
  'deposit',
  'feedback',
  'identity',
  'instrument',
  'news',
  'outbox',
  'position',
  'setting',
  'staff',
  'user',
  'withdrawal',
]

export interface AuditFilterValues {
  staff_id: string
  action: string
  target: string
  date_from: string
  date_to: string
}

interface Props {
  values: AuditFilterValues
  onChange: (changes: Partial<AuditFilterValues>) => void
  onClear: () => void
}

/** Staff member, action prefix, exact target and UTC days; text filters apply on Enter or leaving the field. */
export function AuditFilters({ values, onChange, onClear }: Props) {
  const t = useT()
  const staff = useQuery({ queryKey: STAFF_QUERY_KEY, queryFn: ({ signal }) => staffApi.list(signal) })
  const [action, setAction] = useState(values.action)
  const [target, setTarget] = useState(values.target)
  const options = AREAS.filter((area) => area.startsWith(action.trim())).map((area) => ({ value: area }))

  return (
    <Space wrap size="middle" style={{ marginBottom: 16 }} data-testid="audit-filters">
      <Select
        data-testid="audit-filter-staff"
        style={{ width: 240 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('audit.allStaff')}
        value={values.staff_id || undefined}
        onChange={(value?: string) => onChange({ staff_id: value ?? '' })}
        options={(staff.data ?? []).map((member) => ({
          value: String(member.id),
          label: `${member.name} <${member.email}>`,
        }))}
      />
      <AutoComplete
        style={{ width: 280 }}
        value={action}
        options={options}
        onChange={setAction}
        onSelect={(value: string) => onChange({ action: value })}
        onBlur={() => onChange({ action: action.trim() })}
      >
        <Input
          data-testid="audit-filter-action"
          placeholder={t('audit.actionPlaceholder')}
          allowClear
          onPressEnter={() => onChange({ action: action.trim() })}
        />
      </AutoComplete>
      <Input
        data-testid="audit-filter-target"
        style={{ width: 280 }}
        placeholder={t('audit.targetPlaceholder')}
        allowClear
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        onPressEnter={() => onChange({ target: target.trim() })}
        onBlur={() => onChange({ target: target.trim() })}
      />
      <Space.Compact>
        <Space.Addon>{t('audit.from')}</Space.Addon>
        <Input
          type="date"
          data-testid="audit-filter-from"
          value={values.date_from}
          max={values.date_to || undefined}
          onChange={(event) => onChange({ date_from: event.target.value })}
        />
        <Space.Addon>{t('audit.to')}</Space.Addon>
        <Input
          type="date"
          data-testid="audit-filter-to"
          value={values.date_to}
          min={values.date_from || undefined}
          onChange={(event) => onChange({ date_to: event.target.value })}
        />
      </Space.Compact>
      <Button
        onClick={() => {
          setAction('')
          setTarget('')
          onClear()
        }}
      >
        {t('audit.clear')}
      </Button>
    </Space>
  )
}
