import type { PasskeyView, SecurityStatus, TotpSetup } from '@tp/contracts/light'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Dialog, List } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { formatDateTime } from '../../../common/lib/datetime.ts'
import { toastSuccess } from '../../../common/lib/toast.ts'
import { createPasskey, passkeysSupported } from '../../../common/security/passkey-browser.ts'
import {
  addPasskey,
  deletePasskey,
  disableTotp,
  fetchSecurity,
  newPasskeyOptions,
  renewRecoveryCodes,
  SECURITY_QUERY,
  startTotp,
} from '../../../common/security/security-api.ts'
import { withStepUp } from '../../../common/security/step-up.ts'
import { RecoveryCodesSheet } from './recovery-codes-sheet.tsx'
import { TotpSetupSheet } from './totp-setup-sheet.tsx'
import '../../../common/security/security.css'

/** A change that asks a fresh proof first; a refusal has been shown by the API client. */
async function attempt(run: () => Promise<void>) {
  try {
    await run()
  } catch {
    // Shown already (or the step-up sheet was closed): nothing changed.
  }
}

function PasskeyRow({ passkey, onRemove }: { passkey: PasskeyView; onRemove: () => void }) {
  const { t } = useTranslation()
  const used = passkey.last_used_at
  return (
    <List.Item
      data-testid={`passkey-${passkey.id}`}
      description={
        <>
          {t('security.addedOn', { date: formatDateTime(passkey.created_at) })}
          {' · '}
          {used ? t('security.lastUsed', { date: formatDateTime(used) }) : t('security.neverUsed')}
        </>
      }
      extra={
        <Button
          size="small"
          fill="none"
          color="danger"
          data-testid={`passkey-remove-${passkey.id}`}
          onClick={onRemove}
        >
          {t('security.remove')}
        </Button>
      }
    >
      <span dir="auto">{passkey.name}</span>
    </List.Item>
  )
}

/**
 * /mine/security: the client's own second factor (decision 047): an authenticator app, passkeys and
 * recovery codes. Once one is set, sign-in, withdrawals and payout methods ask for it; every change
 * here asks a fresh proof first (the password before the first factor).
 */
export function SecurityScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [setup, setSetup] = useState<TotpSetup | undefined>()
  const [codes, setCodes] = useState<string[] | undefined>()
  const status = useQuery({
    queryKey: [SECURITY_QUERY],
    queryFn: ({ signal }) => fetchSecurity(signal),
    refetchOnMount: 'always',
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SECURITY_QUERY] })
  /** Fresh recovery codes (a first factor, or new ones) are shown once. */
  const changed = async (recoveryCodes: string[], message: string) => {
    toastSuccess(message)
    if (recoveryCodes.length > 0) setCodes(recoveryCodes)
    await refresh()
  }

  const beginTotp = () => attempt(async () => setSetup(await withStepUp(startTotp)))
  const turnOffTotp = () =>
    attempt(async () => {
      if (!(await Dialog.confirm({ content: t('security.turnOffConfirm') }))) return
      await withStepUp(disableTotp)
      await changed([], t('security.totpOff'))
    })
  const newPasskey = (count: number) =>
    attempt(async () => {
      const options = await withStepUp(newPasskeyOptions)
      const made = await createPasskey(options)
      if (!made) return
      const { recovery_codes } = await withStepUp(() =>
        addPasskey(t('security.passkeyName', { number: count + 1 }), made),
      )
      await changed(recovery_codes, t('security.passkeyAdded'))
    })
  const removePasskey = (passkey: PasskeyView) =>
    attempt(async () => {
      if (!(await Dialog.confirm({ content: t('security.removeConfirm', { name: passkey.name }) }))) return
      await withStepUp(() => deletePasskey(passkey.id))
      await changed([], t('security.passkeyRemoved'))
    })
  const newCodes = () =>
    attempt(async () => {
      if (!(await Dialog.confirm({ content: t('security.renewConfirm') }))) return
      const { recovery_codes } = await withStepUp(renewRecoveryCodes)
      await changed(recovery_codes, t('security.codesRenewed'))
    })

  let body
  if (status.isPending) body = <PageLoading />
  else if (status.isError) body = <LoadFailed onRetry={() => void status.refetch()} />
  else
    body = (
      <SecurityBody
        status={status.data}
        actions={{ beginTotp, turnOffTotp, newPasskey, removePasskey, newCodes }}
      />
    )

  return (
    <Page title={t('security.title')} backTo="/user">
      {body}
      <TotpSetupSheet
        setup={setup}
        onClose={() => setSetup(undefined)}
        onEnabled={(recoveryCodes) => {
          setSetup(undefined)
          void changed(recoveryCodes, t('security.totpOn'))
        }}
      />
      <RecoveryCodesSheet codes={codes} onClose={() => setCodes(undefined)} />
    </Page>
  )
}

interface Actions {
  beginTotp: () => Promise<void>
  turnOffTotp: () => Promise<void>
  newPasskey: (count: number) => Promise<void>
  removePasskey: (passkey: PasskeyView) => Promise<void>
  newCodes: () => Promise<void>
}

function SecurityBody({ status, actions }: { status: SecurityStatus; actions: Actions }) {
  const { t } = useTranslation()
  const hasFactor = status.totp || status.passkeys.length > 0
  return (
    <div className="security-screen" data-testid="security-screen" data-factor={hasFactor}>
      <p
        className={hasFactor ? 'security-intro' : 'security-intro security-intro-off'}
        data-testid="security-intro"
      >
        {hasFactor ? t('security.introOn') : t('security.introOff')}
      </p>
      <List header={t('security.totpTitle')} mode="card">
        <List.Item
          description={t('security.totpHint')}
          extra={
            status.totp ? (
              <Button
                size="small"
                fill="outline"
                data-testid="totp-off"
                onClick={() => void actions.turnOffTotp()}
              >
                {t('security.turnOff')}
              </Button>
            ) : (
              <Button
                size="small"
                color="primary"
                data-testid="totp-on"
                onClick={() => void actions.beginTotp()}
              >
                {t('security.setUp')}
              </Button>
            )
          }
        >
          <span data-testid="totp-state">{status.totp ? t('security.on') : t('security.off')}</span>
        </List.Item>
      </List>
      <List header={t('security.passkeysTitle')} mode="card">
        {status.passkeys.map((passkey) => (
          <PasskeyRow
            key={passkey.id}
            passkey={passkey}
            onRemove={() => void actions.removePasskey(passkey)}
          />
        ))}
        <List.Item
          description={passkeysSupported() ? t('security.passkeysHint') : t('security.passkeysUnsupported')}
        >
          <Button
            size="small"
            color="primary"
            fill="outline"
            disabled={!passkeysSupported()}
            data-testid="passkey-add"
            onClick={() => void actions.newPasskey(status.passkeys.length)}
          >
            {t('security.addPasskey')}
          </Button>
        </List.Item>
      </List>
      {hasFactor && (
        <List header={t('security.recoveryTitle')} mode="card">
          <List.Item
            description={t('security.recoveryHint')}
            extra={
              <Button
                size="small"
                fill="outline"
                data-testid="codes-renew"
                onClick={() => void actions.newCodes()}
              >
                {t('security.renewCodes')}
              </Button>
            }
          >
            <span data-testid="codes-left">
              {t('security.codesLeft', { count: status.recovery_codes_left })}
            </span>
          </List.Item>
        </List>
      )}
    </div>
  )
}
