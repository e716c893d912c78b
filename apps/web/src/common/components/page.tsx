import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { canGoBack } from '../lib/go-back.ts'
import { AccountKindTag } from './account-kind-tag.tsx'
import { ChevronBackIcon } from './icons.tsx'

interface Props {
  title: ReactNode
  /** Show the back arrow (sub-pages); top-level tab pages have none. */
  back?: boolean
  /** Where the back arrow goes when there is no earlier page to return to. */
  backTo?: string
  right?: ReactNode
  /** Show whether the signed-in account is demo or real, where the back arrow would be (tab screens). */
  accountKind?: boolean
  children: ReactNode
  className?: string
}

/** A screen: a navigation bar with its title (the page's heading) and optional back arrow, then the content. */
export function Page({ title, back = true, backTo = '/', right, accountKind, children, className }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()

  function handleBack() {
    if (canGoBack()) navigate(-1)
    else navigate(backTo, { replace: true })
  }

  return (
    <div className={className ? `page ${className}` : 'page'}>
      {/* Drawn here rather than with antd-mobile's NavBar, whose left cell is an unnamed role="button". */}
      <header className="page-nav">
        <div className="page-nav-side">
          {back && (
            <button
              type="button"
              className="page-nav-back"
              onClick={handleBack}
              aria-label={t('common.back')}
            >
              <ChevronBackIcon />
            </button>
          )}
          {accountKind && <AccountKindTag />}
        </div>
        <h1 className="page-nav-title">{title}</h1>
        <div className="page-nav-side page-nav-right">{right}</div>
      </header>
      <div className="page-body">{children}</div>
    </div>
  )
}
