import type { CoinChannel } from '@tp/contracts/light'
import { List } from 'antd-mobile'
import { QRCodeSVG } from 'qrcode.react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { copyText } from '../../../common/lib/clipboard.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { submitCoinDeposit } from '../api/deposit-api.ts'
import { ChoiceRow } from './choice-row.tsx'
import { DepositFields, useDepositFields } from './deposit-fields.tsx'

const channelLabel = (channel: CoinChannel) =>
  channel.protocol_code ? `${channel.currency_code}-${channel.protocol_code}` : channel.currency_code

/** The coin tab: network, its address as text and QR code (level H, 160 px) with copy, then the form. */
export function CoinDepositForm({
  channels,
  onDone,
}: {
  channels: readonly CoinChannel[]
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [channel, setChannel] = useState<CoinChannel | null>(null)
  const fields = useDepositFields()
  const shown = channel ?? channels[0] ?? null

  async function copy(address: string) {
    toastInfo((await copyText(address)) ? t('common.copied') : t('common.copyFailed'))
  }

  async function submit() {
    if (!shown) return toastInfo(t('deposit.noChannel'))
    const form = fields.checked()
    if (!form) return
    const result = await submitCoinDeposit({ ...form, address: shown.address, charge_id: shown.id }).catch(
      () => null,
    )
    if (result) fields.done(result.msg, onDone)
  }

  // No network has an address yet (staff set them in the back office): nothing to send coins to.
  if (channels.length === 0)
    return (
      <p className="list-empty" data-testid="deposit-no-coin">
        {t('deposit.noCoinChannel')}
      </p>
    )

  return (
    <>
      <List className="money-section">
        <ChoiceRow
          title={t('deposit.network')}
          placeholder={t('deposit.noChannel')}
          options={channels}
          value={shown}
          labelOf={channelLabel}
          idOf={(option) => option.id}
          onChange={setChannel}
          testId="deposit-network"
        />
      </List>
      {shown && (
        <div className="money-section money-qr">
          <QRCodeSVG value={shown.address} level="H" size={160} data-testid="deposit-qr" />
          <p className="money-address num" data-testid="deposit-address">
            {shown.address}
          </p>
          <button type="button" className="money-icon-button" onClick={() => void copy(shown.address)}>
            {t('common.copy')}
          </button>
        </div>
      )}
      <DepositFields fields={fields} onSubmit={() => void submit()} />
    </>
  )
}
