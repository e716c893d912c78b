/** What clients and staff do with money: sign-ups, deposits, withdrawals and their decisions, adjustments. */
import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { AdjustmentStatus } from '@tp/contracts'
import { deposits, uploads, withdrawals } from '../src/db/schema.ts'
import { approveDeposit, rejectDeposit } from '../src/money/deposits.ts'
import { decideWithdrawal as decide } from '../src/money/withdrawals.ts'
import { requestAdjustment } from '../src/staff/users/adjustments.ts'
import { PASSWORD, type SimUser, type World } from './world.ts'
import { currentLegalVersions } from '../test/accounts.ts'
import { currentQuestionnaire } from '../src/legal/appropriateness.ts'

/** The address every simulated client withdraws to (a valid TRC-20 address). */
const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

export async function register(world: World): Promise<void> {
  const email = `sim-${world.seed}-${world.users.length}@example.com`
  await world.post('/api/notify/send_email', { to: email, type: 1 })
  const code = world.app.delivered.findLast((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code was sent to ${email}`)
  const registered = await world.post('/api/user/register', {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: code,
    // The legal documents as the app's form accepts them (decision 045).
    legal_versions: await currentLegalVersions(world.app),
  })
  if (registered.body.code !== 1) return world.say('register', registered.body)
  const user = { email, token: '', userId: 0 }
  if (!(await world.signIn(user))) return world.say('register: could not sign in')
  world.users.push(user)
  // The appropriateness test, answered right (decision 046); a refused answer leaves them uncleared.
  const questionnaire = await currentQuestionnaire(world.app.db)
  if (questionnaire) {
    const answers = questionnaire.questions.map((q) => q.correct).join(',')
    await world.post('/api/appropriateness/answer', { answers }, { token: user.token })
  }
  world.say(`register user ${world.users.length - 1}`)
}

export async function deposit(
  world: World,
  index: number,
  amount: string,
  decision: 'approve' | 'reject',
): Promise<void> {
  const user = world.user(index)
  if (!user) return world.say('deposit: nobody yet')
  const proof = randomBytes(16).toString('base64url')
  await world.app.db
    .insert(uploads)
    .values({ id: proof, userId: user.userId, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 })
  const [channel] = (await world.get('/api/quickCharge/info', { token: user.token })).body.data
  const submitted = await world.get(
    `/api/quickCharge/submit?number=${amount}&proofImg=${proof}&charge_id=${channel.id}&address=${channel.address}`,
    { token: user.token },
  )
  if (submitted.body.code !== 1) return world.say(`deposit ${amount}`, submitted.body)
  const [row] = await world.app.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.userId, user.userId))
    .orderBy(desc(deposits.id))
    .limit(1)
  if (!row) throw new Error('an acknowledged deposit is not in the database')
  if (decision === 'reject') {
    const rejected = await rejectDeposit(world.app.db, row.id, 2, 'no such transfer')
    return world.say(`deposit ${amount} rejected: ${rejected.ok ? 'ok' : rejected.reason}`)
  }
  let approved = await approveDeposit(world.app.db, world.app.desk, row.id, world.finance[0])
  if (approved.ok && approved.waiting)
    approved = await approveDeposit(world.app.db, world.app.desk, row.id, world.finance[1])
  if (approved.ok && !approved.waiting) world.tally.deposited = world.tally.deposited.plus(amount)
  world.say(`deposit ${amount} approved: ${approved.ok ? 'ok' : approved.reason}`)
}

export async function withdraw(
  world: World,
  index: number,
  amount: string,
  decision: 'pay' | 'reject' | 'hold',
): Promise<void> {
  const user = world.user(index)
  if (!user) return world.say('withdraw: nobody yet')
  user.method ??= await bindMethod(world, user)
  if (!user.method) return world.say('withdraw: no payout method')
  const asked = await world.post(
    '/api/account/draw',
    { draw_currency_id: user.method.currencyId, number: amount, draw_method_id: user.method.methodId },
    { token: user.token },
  )
  if (asked.body.code !== 1 || decision === 'hold')
    return world.say(`withdraw ${amount} (${decision})`, asked.body)
  const [row] = await world.app.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.userId, user.userId))
    .orderBy(desc(withdrawals.id))
    .limit(1)
  if (!row) throw new Error('an acknowledged withdrawal is not in the database')
  await decideWithdrawal(world, row.id, amount, decision)
}

export async function decideHeld(world: World, index: number, decision: 'pay' | 'reject'): Promise<void> {
  const user = world.user(index)
  if (!user) return world.say('decide: nobody yet')
  const [row] = await world.app.db
    .select({ id: withdrawals.id, amount: withdrawals.amount })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, user.userId), eq(withdrawals.status, 0)))
    .orderBy(withdrawals.id)
    .limit(1)
  if (!row) return world.say('decide: nothing waiting')
  await decideWithdrawal(world, row.id, row.amount, decision)
}

export async function decideWithdrawal(
  world: World,
  id: number,
  amount: string,
  decision: 'pay' | 'reject',
): Promise<void> {
  const [first, second] = world.finance
  let decided = await decide(world.app.db, world.app.desk, id, decision, first)
  if (decided.ok && decided.waiting)
    decided = await decide(world.app.db, world.app.desk, id, decision, second)
  if (decided.ok && !decided.waiting && decision === 'pay')
    world.tally.paidOut = world.tally.paidOut.plus(amount)
  world.say(`withdrawal ${id} ${decision}: ${decided.ok ? 'ok' : decided.reason}`)
}

export async function bindMethod(world: World, user: SimUser): Promise<SimUser['method']> {
  const symbols = (await world.get('/api/account/draw_symbol_list?type=1', { token: user.token })).body.data
  const usdt = symbols?.find((s: { label: string }) => s.label === 'USDT-TRC20')
  if (!usdt) return undefined
  await world.post(
    '/api/wallet/bind_draw_method',
    { type: 1, draw_id: usdt.id, dc_address: TRC20_ADDRESS },
    { token: user.token },
  )
  const [method] = (await world.get('/api/wallet/get_draw_method?draw_type=1', { token: user.token })).body
    .data
  return method ? { currencyId: usdt.id, methodId: method.id } : undefined
}

export async function adjust(world: World, index: number, amount: string): Promise<void> {
  const user = world.user(index)
  if (!user || Number(amount) === 0) return world.say('adjust: nothing')
  const actor = { staffId: world.finance[0], email: 'finance@broker.example', address: '127.0.0.1' }
  const made = await requestAdjustment(
    world.app.db,
    world.app.desk,
    actor,
    user.userId,
    { amount, memo: 'simulated' },
    world.app.clock.now(),
  )
  if (made.ok && made.value.status === AdjustmentStatus.Applied)
    world.tally.adjusted = world.tally.adjusted.plus(amount)
  world.say(`adjust ${amount}: ${made.ok ? made.value.status : made.reason}`)
}
