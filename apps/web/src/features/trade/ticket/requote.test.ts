import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../common/api-client.ts'
import type { SubmitParams } from '../lib/order-check.ts'
import { requoteOf, sendWithRequotes, type RequoteOffer } from './requote.ts'

const order: SubmitParams = {
  forex_id: 1,
  type: 1,
  cont: '0.10',
  status: 1,
  target_price: 0,
  stop_loss_price: 0,
  target_profit_price: 0,
  multiple: 30,
  price: 1.08502,
  deviation: 10,
}
const requote = (price: number) =>
  new ApiError(0, `The price has moved to ${price}.`, 'requote', { price, bid: price - 0.0001, ask: price })
const refused = new ApiError(0, 'Not enough free margin', 'insufficient_margin')

describe('requoteOf', () => {
  it("reads a requote's new price, and nothing else", () => {
    expect(requoteOf(requote(1.08512))).toEqual({ price: 1.08512, bid: 1.08502, ask: 1.08512 })
    expect(requoteOf(refused)).toBeNull()
    expect(requoteOf(new ApiError(0, 'moved', 'requote'))).toBeNull()
    expect(requoteOf(new Error('offline'))).toBeNull()
  })
})

describe('sendWithRequotes', () => {
  it('sends once when the price holds, asking nothing', async () => {
    const send = vi.fn(async () => ({ id: 7 }))
    const accept = vi.fn(async () => true)
    await expect(sendWithRequotes(order, send, accept)).resolves.toEqual({ id: 7 })
    expect(send).toHaveBeenCalledTimes(1)
    expect(accept).not.toHaveBeenCalled()
  })

  it('offers the new price and sends the same order again at it when taken', async () => {
    const send = vi.fn<(params: SubmitParams) => Promise<{ id: number }>>()
    send.mockRejectedValueOnce(requote(1.08512)).mockResolvedValueOnce({ id: 8 })
    const accept = vi.fn(async () => true)
    await expect(sendWithRequotes(order, send, accept)).resolves.toEqual({ id: 8 })
    expect(accept).toHaveBeenCalledWith({ seen: 1.08502, price: 1.08512 })
    expect(send.mock.calls[1]?.[0]).toEqual({ ...order, price: 1.08512 })
  })

  it('asks again at each further requote, from the price last offered', async () => {
    const send = vi.fn<(params: SubmitParams) => Promise<{ id: number }>>()
    send
      .mockRejectedValueOnce(requote(1.08512))
      .mockRejectedValueOnce(requote(1.0853))
      .mockResolvedValueOnce({ id: 9 })
    const accept = vi.fn(async (_offer: RequoteOffer) => true)
    await expect(sendWithRequotes(order, send, accept)).resolves.toEqual({ id: 9 })
    expect(accept.mock.calls.map(([offer]) => offer)).toEqual([
      { seen: 1.08502, price: 1.08512 },
      { seen: 1.08512, price: 1.0853 },
    ])
  })

  it('places nothing more when the user declines (null)', async () => {
    const send = vi.fn(async () => Promise.reject(requote(1.08512)))
    await expect(sendWithRequotes(order, send, async () => false)).resolves.toBeNull()
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('rejects on any other refusal, asking nothing', async () => {
    const accept = vi.fn(async () => true)
    await expect(sendWithRequotes(order, async () => Promise.reject(refused), accept)).rejects.toBe(refused)
    expect(accept).not.toHaveBeenCalled()
  })
})
