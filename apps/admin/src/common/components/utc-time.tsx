import { Tooltip } from 'antd'
import { useT } from '../i18n/i18n.tsx'
import { localText, utcText } from '../lib/format.ts'

/** A UTC time from the wire, with the reader's local time on hover. */
export function UtcTime({ value }: { value: string | number | null | undefined }) {
  const t = useT()
  const local = localText(value)
  const text = <span style={{ whiteSpace: 'nowrap' }}>{utcText(value)} UTC</span>
  if (!local) return text
  return <Tooltip title={t('common.localTime', { time: local })}>{text}</Tooltip>
}
