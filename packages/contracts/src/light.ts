/**
 * The light entry of the contracts (`@tp/contracts/light`): the wire's constants, codes, refusal
 * reasons and plain helpers, and every type, without a schema. Nothing here imports zod, so a
 * client that reads a constant does not carry the schemas into its first load. The schemas, and
 * everything below, are at `@tp/contracts` (the server, and forms that check with the very schema).
 */
export * from './languages.ts'
export * from './envelope.ts'
export * from './expiry.ts'
export * from './plain-text.ts'
export * from './light/numbers.ts'
export * from './light/trading.ts'
export * from './light/market.ts'
export * from './light/alerts.ts'
export * from './light/chat.ts'
export * from './light/feedback.ts'
export * from './light/notices.ts'
export * from './light/identity.ts'
export * from './light/money.ts'
export * from './light/news.ts'
export * from './light/legal.ts'
export * from './light/security.ts'
export * from './light/socket.ts'
export * from './light/wallet.ts'
export * from './light/statement.ts'
export * from './light/admin.ts'
export * from './light/admin-users.ts'
export * from './light/admin-queues.ts'
export * from './light/admin-catalogue.ts'
export * from './light/admin-hedging.ts'
export * from './light/admin-settings.ts'
export * from './light/web-values.ts'
export * from './light/staff-roles.ts'
export type * from './index.ts'
