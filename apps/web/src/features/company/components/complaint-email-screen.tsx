import { useQuery } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { copyText } from '../../../common/lib/clipboard.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { fetchComplaintEmail } from '../api/company-api.ts'

/** /mine/email: the complaint e-mail address from the server, with a copy button. */
export function ComplaintEmailScreen() {
  const { t } = useTranslation()
  const email = useQuery({
    queryKey: ['complaint-email'],
    queryFn: ({ signal }) => fetchComplaintEmail(signal),
  })

  async function copy(address: string) {
    toastInfo((await copyText(address)) ? t('common.copied') : t('common.copyFailed'))
  }

  return (
    <Page title={t('pages.email')} backTo="/user">
      {email.isPending ? (
        <PageLoading />
      ) : (
        <div className="info-card">
          <p className="info-card-label">{t('email.intro')}</p>
          {email.data ? (
            <>
              <p className="info-card-value" dir="ltr" data-testid="complaint-email">
                {email.data}
              </p>
              <Button
                color="primary"
                shape="rounded"
                block
                data-testid="complaint-email-copy"
                onClick={() => void copy(email.data)}
              >
                {t('common.copy')}
              </Button>
            </>
          ) : (
            <p className="info-card-empty">{email.isError ? t('email.loadFailed') : t('email.empty')}</p>
          )}
        </div>
      )}
    </Page>
  )
}
