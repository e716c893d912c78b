import { COPY_STOP_LOSS_CHOICES, type RankEntry } from '@tp/contracts/light'
import { Button, Checkbox, Input, Popup, Selector } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastInfo } from '../../../common/lib/toast.ts'
import { useStartFollow } from '../hooks/use-copy.ts'

/** A USD amount as the server takes it: digits with at most two decimals, above zero. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/

interface Props {
  trader: RankEntry | null
  onClose: () => void
  /** Called once the follow started (the copies screen shows it). */
  onStarted: () => void
}

/**
 * Follow a trader: the amount to allocate (each of its trades is copied in proportion to the amount
 * over its equity), an optional copy stop-loss, and whether to copy its open positions now.
 */
export function FollowSheet({ trader, onClose, onStarted }: Props) {
  const { t } = useTranslation()
  const start = useStartFollow()
  const [amount, setAmount] = useState('')
  const [stopLoss, setStopLoss] = useState<number>(0)
  const [copyOpen, setCopyOpen] = useState(false)

  function submit() {
    if (!trader) return
    if (!AMOUNT.test(amount.trim()) || Number(amount) <= 0) return toastInfo(t('copy.amountRule'))
    start.mutate(
      { id: trader.id, amount: amount.trim(), stopLoss, copyOpen, profitShare: trader.profit_share },
      {
        onSuccess: () => {
          setAmount('')
          onStarted()
        },
      },
    )
  }

  return (
    <Popup
      visible={trader !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="copy-follow-popup"
    >
      <div className="copy-follow" data-testid="copy-follow-sheet">
        <h2 className="rank-profile-title">
          {t('copy.followTitle')} <bdi>{trader?.user}</bdi>
        </h2>
        <p className="rank-muted">{t('copy.followHint')}</p>
        {trader !== null && trader.profit_share > 0 && (
          <p className="copy-share-note" data-testid="copy-follow-share">
            {t('rank.profitShare')}: <span className="num">{trader.profit_share}%</span>
          </p>
        )}
        <label className="copy-field-label" htmlFor="copy-amount">
          {t('copy.amount')}
        </label>
        <Input
          id="copy-amount"
          className="copy-amount-input"
          data-testid="copy-amount"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          placeholder={t('copy.amountPlaceholder')}
          clearable
        />
        <div className="copy-field-label">{t('copy.stopLoss')}</div>
        <Selector
          className="copy-stop-selector"
          data-testid="copy-stop-loss"
          columns={COPY_STOP_LOSS_CHOICES.length}
          value={[stopLoss]}
          onChange={(value) => setStopLoss(value[0] ?? 0)}
          options={COPY_STOP_LOSS_CHOICES.map((percent) => ({
            value: percent,
            label: percent === 0 ? t('copy.noStopLoss') : `${percent}%`,
          }))}
        />
        <p className="rank-muted">{t('copy.stopLossHint')}</p>
        <Checkbox checked={copyOpen} onChange={setCopyOpen} data-testid="copy-open">
          {t('copy.copyOpen')}
        </Checkbox>
        <Button
          block
          color="primary"
          shape="rounded"
          className="copy-submit"
          loading={start.isPending}
          onClick={submit}
          data-testid="copy-follow-submit"
        >
          {t('copy.startFollowing')}
        </Button>
        <p className="rank-muted copy-risk">{t('copy.risk')}</p>
      </div>
    </Popup>
  )
}
