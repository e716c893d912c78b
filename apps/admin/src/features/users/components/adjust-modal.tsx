import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Form, Input, Modal, Typography, type ButtonProps } from 'antd'
import {
  ADJUSTMENT_MAX_USD,
  ADJUSTMENT_AMOUNT_TEXT,
  ADJUSTMENT_MEMO_MAX_LENGTH,
  AdjustmentStatus,
  type AdminUserDetail,
} from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { formatMoney } from '../../../common/lib/format.ts'
import { usersApi } from '../api/users-api.ts'
import { useConfirm } from '../../../common/components/use-confirm.tsx'

interface Values {
  amount: string
  memo: string
}

/** The adjustment request's own rule: signed, at most two decimals, not zero, at most a billion either way. */
export const validAmount = (text: string) =>
  ADJUSTMENT_AMOUNT_TEXT.test(text) && Number(text) !== 0 && Math.abs(Number(text)) <= ADJUSTMENT_MAX_USD

/** Hundredths of a unit, so the new balance is added up exactly. */
const cents = (text: string) => Math.round(Number(text) * 100)
const signed = (text: string) => (Number(text) > 0 ? `+${formatMoney(text)}` : formatMoney(text))

/**
 * A manual balance adjustment: a signed USD amount and the memo the user sees, confirmed with the
 * new balance. The answer says whether it was booked or waits for a second administrator.
 */
export function AdjustModal({
  user,
  open,
  onClose,
}: {
  user: AdminUserDetail
  open: boolean
  onClose: () => void
}) {
  const t = useT()
  const [form] = Form.useForm<Values>()
  const { message, modal } = App.useApp()
  const confirm = useConfirm()
  const queryClient = useQueryClient()

  function submit({ amount, memo }: Values) {
    const text = amount.trim()
    const before = user.account.balance
    const after = (cents(before) + cents(text)) / 100
    confirm({
      title: t('users.adjustConfirm', { uid: user.uid, amount: signed(text) }),
      content: (
        <>
          <Typography.Paragraph data-testid="adjust-confirm-balance" style={{ marginBottom: 8 }}>
            {t('users.adjustConfirmBalance', { before: formatMoney(before), after: formatMoney(after) })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('users.adjustConfirmWait')}
          </Typography.Paragraph>
        </>
      ),
      okText: t('common.confirm'),
      run: () => usersApi.adjust(user.id, { amount: text, memo: memo.trim() }),
      done: (item) => {
        form.resetFields()
        onClose()
        const values = { uid: user.uid, amount: signed(item.amount) }
        if (item.status === AdjustmentStatus.Applied) message.success(t('users.adjustApplied', values))
        else
          modal.warning({
            title: t('adjustments.status.0'),
            content: <span data-testid="adjust-waiting">{t('users.adjustWaiting', values)}</span>,
          })
      },
      settled: () => {
        void queryClient.invalidateQueries({ queryKey: ['user', user.id] })
        void queryClient.invalidateQueries({ queryKey: ['user-ledger', user.id] })
        void queryClient.invalidateQueries({ queryKey: ['users'] })
        void queryClient.invalidateQueries({ queryKey: ['adjustments'] })
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
      },
    })
  }

  return (
    <Modal
      open={open}
      title={t('users.adjustTitle', { uid: user.uid })}
      okText={t('users.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'adjust-submit' } as ButtonProps}
      forceRender
      data-testid="adjust-modal"
    >
      <Typography.Paragraph>
        {t('users.adjustBalanceNow', { balance: formatMoney(user.account.balance) })}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="amount"
          label={t('users.adjustAmount')}
          extra={t('users.adjustAmountHint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                validAmount((value ?? '').trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('users.adjustAmountInvalid'))),
            },
          ]}
        >
          <Input suffix="USD" inputMode="decimal" autoComplete="off" data-testid="adjust-amount" />
        </Form.Item>
        <Form.Item
          name="memo"
          label={t('users.adjustMemo')}
          extra={t('users.adjustMemoHint')}
          rules={[{ required: true, whitespace: true, message: t('users.adjustMemoRequired') }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={ADJUSTMENT_MEMO_MAX_LENGTH}
            showCount
            data-testid="adjust-memo"
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={t('users.adjustFourEyes')} />
    </Modal>
  )
}
