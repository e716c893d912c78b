/** The outbox page's texts; the type makes the Traditional Chinese hold every key. */
export const outboxEn = {
  'outbox.title': 'Outbox',
  'outbox.intro':
    'Every e-mail and text message the platform made, with its delivery. Verification codes are hidden: no staff member sees one, since a reset code would open the account. Without a mail or SMS provider a code reaches only the server log, which the operator reads. Each reading of this list is written to the audit log.',
  'outbox.search': 'Recipient (e-mail or phone number)',
  'outbox.time': 'Time',
  'outbox.channel': 'Channel',
  'outbox.channel.email': 'E-mail',
  'outbox.channel.sms': 'SMS',
  'outbox.to': 'To',
  'outbox.message': 'Message',
  'outbox.noSubject': '(no subject)',
  'outbox.status': 'Delivery',
  'outbox.status.stored': 'Kept here (no provider)',
  'outbox.status.pending': 'Sending',
  'outbox.status.sent': 'Sent',
  'outbox.status.failed': 'Failed',
  'outbox.codeHidden': 'The code is hidden: only the recipient receives it.',
} as const

export const outboxHk: Record<keyof typeof outboxEn, string> = {
  'outbox.title': '發件箱',
  'outbox.intro':
    '平台發出的每封電郵及短訊及其發送狀態。驗證碼一律隱藏：任何職員都看不到，因為重設密碼的驗證碼足以打開帳戶。若未設定電郵或短訊供應商，驗證碼只會寫入伺服器日誌，由營運人員查閱。每次查閱此列表都會記錄在審計日誌。',
  'outbox.search': '收件人（電郵或電話號碼）',
  'outbox.time': '時間',
  'outbox.channel': '渠道',
  'outbox.channel.email': '電郵',
  'outbox.channel.sms': '短訊',
  'outbox.to': '收件人',
  'outbox.message': '內容',
  'outbox.noSubject': '（無主旨）',
  'outbox.status': '發送狀態',
  'outbox.status.stored': '保留於此（無供應商）',
  'outbox.status.pending': '發送中',
  'outbox.status.sent': '已發送',
  'outbox.status.failed': '發送失敗',
  'outbox.codeHidden': '驗證碼已隱藏：只有收件人會收到。',
}
