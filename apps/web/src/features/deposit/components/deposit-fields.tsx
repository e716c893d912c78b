import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../common/components/text-field.tsx'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { ProofUploader } from './proof-uploader.tsx'

/** Digits with an optional decimal part; the server checks the rest (two decimals, bounds). */
const NUMERIC = /^\d+(\.\d+)?$/

/** The amount and proof both deposit tabs ask for, their checks, and the clearing after a submit. */
export function useDepositFields() {
  const { t } = useTranslation()
  const [amount, setAmount] = useState('')
  const [proof, setProof] = useState<string | null>(null)
  return {
    amount,
    setAmount,
    proof,
    setProof,
    /** The amount and proof to send, or null after a toast saying what is missing. */
    checked(): { number: string; proofImg: string } | null {
      if (!NUMERIC.test(amount.trim())) {
        toastInfo(t('withdraw.amountNumeric'))
        return null
      }
      if (!proof) {
        toastInfo(t('deposit.proofRequired'))
        return null
      }
      return { number: amount.trim(), proofImg: proof }
    },
    /** After a successful submit: the server's message, a clear form, the records from page 1. */
    done(message: string, reload: () => void) {
      toastSuccess(message)
      setAmount('')
      setProof(null)
      reload()
    },
  }
}

type Fields = ReturnType<typeof useDepositFields>

export function DepositFields({ fields, onSubmit }: { fields: Fields; onSubmit: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="money-section">
      <TextField
        label={t('deposit.amount')}
        value={fields.amount}
        onChange={fields.setAmount}
        inputMode="decimal"
        maxLength={13}
        testId="deposit-amount"
      />
      <ProofUploader value={fields.proof} onChange={fields.setProof} />
      <Button
        className="money-submit"
        block
        color="primary"
        shape="rounded"
        data-testid="deposit-submit"
        onClick={onSubmit}
      >
        {t('deposit.submit')}
      </Button>
    </div>
  )
}
