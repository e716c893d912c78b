import type { AreaCode } from '@tp/contracts/light'
import { List, Popup, SearchBar } from 'antd-mobile'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { matchesArea, regionName } from '../utils/region-name.ts'
import { PressableList } from '../../../common/components/pressable-list.tsx'

interface Props {
  areas: AreaCode[]
  value: number | undefined
  onChange: (areaId: number) => void
  testId: string
}

/** The area-code button in front of a phone field; opens a searchable list of countries. */
export function AreaCodePicker({ areas, value, onChange, testId }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const htmlLang = document.documentElement.lang || 'en'
  const selected = areas.find((area) => area.id === value)

  const rows = useMemo(
    () =>
      areas
        .map((area) => ({ area, name: regionName(area, htmlLang) }))
        .filter(({ area, name }) => matchesArea(area, name, query)),
    [areas, htmlLang, query],
  )

  return (
    <>
      <button
        type="button"
        className="area-code-button"
        data-testid={testId}
        aria-label={t('auth.selectAreaCode')}
        onClick={() => setOpen(true)}
      >
        <span dir="ltr">{selected?.global_code ?? t('auth.areaCode')}</span>
        <span className="area-code-caret" aria-hidden="true" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="area-popup"
        destroyOnClose
      >
        <div className="area-popup-header">
          <h3>{t('auth.selectAreaCode')}</h3>
          <SearchBar placeholder={t('auth.searchArea')} value={query} onChange={setQuery} />
        </div>
        <div className="area-popup-list">
          {rows.length === 0 ? (
            <p className="area-popup-empty">{t('auth.noArea')}</p>
          ) : (
            <PressableList>
              <List>
                {rows.map(({ area, name }) => (
                  <List.Item
                    key={area.id}
                    extra={<span dir="ltr">{area.global_code}</span>}
                    className={area.id === value ? 'area-row-selected' : undefined}
                    onClick={() => {
                      onChange(area.id)
                      setOpen(false)
                    }}
                    arrowIcon={false}
                  >
                    {name}
                  </List.Item>
                ))}
              </List>
            </PressableList>
          )}
        </div>
      </Popup>
    </>
  )
}
