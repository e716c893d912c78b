/** Copy trading in the simulation (issue 29): clients follow each other, pause, and stop. */
import { eq } from 'drizzle-orm'
import { users } from '../src/db/schema.ts'
import type { Action } from './history.ts'
import type { World } from './world.ts'

/**
 * `user` follows `leader` (who first shows itself in the ranking and opens its trades to followers,
 * with a profit share), with an amount and a copy stop-loss; refusals (itself, twice, no money) are
 * outcomes like any other.
 */
export async function follow(world: World, a: Extract<Action, { kind: 'follow' }>): Promise<void> {
  const follower = world.user(a.user)
  const leader = world.user(a.leader)
  if (!follower || !leader) return world.say('follow: nobody yet')
  const index = world.users.indexOf(leader)
  await world.post(
    '/api/follow/my_settings',
    { rank_visible: 1, nickname: `sim${world.seed}u${index}` },
    { token: leader.token, json: true },
  )
  await world.post(
    '/api/follow/leader',
    { open: 1, profit_share: a.share },
    { token: leader.token, json: true },
  )
  const [row] = await world.app.db.select({ uid: users.uid }).from(users).where(eq(users.id, leader.userId))
  const answer = await world.post(
    '/api/follow/start',
    { id: row?.uid ?? '0', amount: a.amount, stop_loss: a.stopLoss, copy_open: a.copyOpen ? 1 : 0 },
    { token: follower.token, json: true },
  )
  world.say(`follow ${world.users.indexOf(follower)} -> ${index} ${a.amount}`, answer.body)
}

/** `user` pauses or resumes, or stops (closing the copies or keeping them), its first running follow. */
export async function changeFollow(world: World, a: Extract<Action, { kind: 'unfollow' }>): Promise<void> {
  const follower = world.user(a.user)
  if (!follower) return world.say('unfollow: nobody yet')
  const mine = await world.get('/api/follow/mine', { token: follower.token })
  const running = (mine.body.data?.data ?? []).find((f: { ended_at: string }) => f.ended_at === '')
  if (!running) return world.say('unfollow: follows nobody')
  const answer =
    a.how === 'pause'
      ? await world.post(
          '/api/follow/change',
          { follow_id: running.id, paused: running.paused === 1 ? 0 : 1 },
          { token: follower.token, json: true },
        )
      : await world.post(
          '/api/follow/stop',
          { follow_id: running.id, close: a.how === 'close' ? 1 : 0 },
          { token: follower.token, json: true },
        )
  world.say(`unfollow ${a.how}`, answer.body)
}
