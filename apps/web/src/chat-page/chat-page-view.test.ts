import { describe, expect, it } from 'vitest'
import { messageBubble, messageTime, wireDate } from './chat-page-view.ts'

const texts = { you: 'You', staff: 'Support', image: 'Image' }

describe('chat page view', () => {
  it('reads wire times as UTC', () => {
    expect(wireDate('2026-01-02 03:04:05').toISOString()).toBe('2026-01-02T03:04:05.000Z')
  })

  it('shows the date only for messages of other days', () => {
    const now = new Date(2026, 0, 2, 12, 0)
    expect(messageTime(new Date(2026, 0, 2, 9, 5), now, 'en')).toMatch(/09:05/)
    expect(messageTime(new Date(2026, 0, 1, 9, 5), now, 'en')).toBe('01/01/2026, 09:05 AM')
  })

  it('shows text as text, staff names, and images', () => {
    const staff = messageBubble(
      {
        id: 1,
        sender: 2,
        staff_name: 'Mia',
        text: '<img src=x onerror=alert(1)>',
        image: '/api/common/upload/x',
        created_at: '2026-01-02 03:04:05',
      },
      'en',
      texts,
    )
    expect(staff.querySelector('.cp-text')?.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(staff.querySelectorAll('img')).toHaveLength(1)
    expect(staff.querySelector('.cp-name')?.textContent).toBe('Mia')
    expect(staff.className).toContain('cp-staff')
    const mine = messageBubble(
      { id: 2, sender: 1, staff_name: '', text: 'hi', image: '', created_at: '2026-01-02 03:04:05' },
      'en',
      texts,
    )
    expect(mine.className).toContain('cp-mine')
    expect(mine.querySelector('.cp-name')).toBeNull()
    expect(mine.querySelector('img')).toBeNull()
  })
})
