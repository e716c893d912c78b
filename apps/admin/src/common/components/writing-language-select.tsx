import { Select, Space, Tag } from 'antd'
import { CheckOutlined } from '@ant-design/icons'
import { LANGUAGES, type LanguageCode } from '@tp/contracts/light'

/**
 * The language a text is being written in, any of the 21, searchable by name or code; a tick marks
 * those that already hold text (`written`). The editors of news, legal documents and the
 * appropriateness test share it.
 */
export function WritingLanguageSelect({
  value,
  onChange,
  written = () => false,
  testId,
}: {
  value: LanguageCode
  onChange: (code: LanguageCode) => void
  written?: (code: LanguageCode) => boolean
  testId?: string
}) {
  return (
    <Select
      data-testid={testId}
      value={value}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'search' }}
      style={{ width: 240 }}
      options={LANGUAGES.map((l) => ({
        value: l.code,
        search: `${l.name} ${l.code}`,
        label: (
          <Space size={6}>
            {l.name}
            <Tag style={{ marginInlineEnd: 0 }}>{l.code}</Tag>
            {written(l.code) && <CheckOutlined style={{ color: '#16a34a' }} />}
          </Space>
        ),
      }))}
    />
  )
}
