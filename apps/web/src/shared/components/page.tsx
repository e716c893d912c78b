import { NavBar } from 'antd-mobile'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { canGoBack } from '../lib/go-back.ts'

interface Props {
  title: ReactNode
  /** Show the back arrow (sub-pages); top-level tab pages have none. */
  back?: boolean
  /** Where the back arrow goes when there is no earlier page to return to. */
  backTo?: string
  right?: ReactNode
  children: ReactNode
  className?: string
}

/** A screen: a navigation bar with title and optional back arrow, then the content. */
export function Page({ title, back = true, backTo = '/', right, children, className }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()

  function handleBack() {
    if (canGoBack()) navigate(-1)
    else navigate(backTo, { replace: true })
  }

  return (
    <div className={className ? `page ${className}` : 'page'}>
      <NavBar
        className="page-nav"
        back={back ? <span className="visually-hidden">{t('common.back')}</span> : null}
        onBack={handleBack}
        right={right}
      >
        {title}
      </NavBar>
      <div className="page-body">{children}</div>
    </div>
  )
}
