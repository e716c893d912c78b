/** The outbox page's texts; the type makes the Traditional Chinese hold every key. */
export const outboxEn = {
  'outbox.title': 'Outbox',
  'outbox.intro':
    'Every e-mail and text message the platform made. Without a mail or SMS provider they stay here: read a code to a customer from this list. Each reading is written to the audit log.',
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
  'outbox.copyCode': 'Copy code {code}',
} as const

export const outboxHk: Record<keyof typeof outboxEn, string> = {
  'outbox.title': '發件箱',
  'outbox.intro':
    '平台發出的每封電郵及短訊。若未設定電郵或短訊供應商，訊息會保留於此：可按此列表向客戶讀出驗證碼。每次查閱都會記錄在審計日誌。',
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
  'outbox.copyCode': '複製驗證碼 {code}',
}
