import type { ChatMessage } from '@tp/contracts/light'

/** DOM helpers of the chat page: no framework, the page is a single list and a composer. */

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; attrs?: Record<string, string> } = {},
  children: (Node | null)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (props.className) node.className = props.className
  if (props.text !== undefined) node.textContent = props.text
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value)
  for (const child of children) if (child) node.append(child)
  return node
}

/** "YYYY-MM-DD HH:mm:ss" in UTC (the wire's times) as a Date. */
export function wireDate(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`)
}

/**
 * The time of a message: hours and minutes today, with the date on other days, in the page's
 * language and in the numeric order the app writes every date (apps/web/src/common/lib/datetime.ts).
 */
export function messageTime(created: Date, now: Date, locale: string): string {
  const sameDay = created.toDateString() === now.toDateString()
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }
  try {
    return new Intl.DateTimeFormat(locale, options).format(created)
  } catch {
    return new Intl.DateTimeFormat('en', options).format(created)
  }
}

export interface BubbleTexts {
  you: string
  staff: string
  image: string
}

/** One message: the user's on the inline end, staff's on the start with the staff member's name. */
export function messageBubble(message: ChatMessage, locale: string, texts: BubbleTexts): HTMLElement {
  const mine = message.sender === 1
  const who = mine ? texts.you : message.staff_name || texts.staff
  const body = element('div', { className: 'cp-bubble' })
  if (message.image) {
    const image = element('img', {
      className: 'cp-image',
      attrs: { src: message.image, alt: texts.image, loading: 'lazy' },
    })
    body.append(element('a', { attrs: { href: message.image, target: '_blank', rel: 'noopener' } }, [image]))
  }
  // Text goes in as text, never as HTML: whatever anyone typed is shown as typed.
  if (message.text)
    body.append(element('p', { className: 'cp-text', text: message.text, attrs: { dir: 'auto' } }))
  const meta = element('div', { className: 'cp-meta' }, [
    mine ? null : element('span', { className: 'cp-name', text: who }),
    element('time', {
      className: 'cp-time',
      text: messageTime(wireDate(message.created_at), new Date(), locale),
      attrs: { datetime: `${message.created_at.replace(' ', 'T')}Z` },
    }),
  ])
  return element(
    'div',
    {
      className: mine ? 'cp-message cp-mine' : 'cp-message cp-staff',
      attrs: {
        'data-id': String(message.id),
        'data-testid': mine ? 'chat-message-mine' : 'chat-message-staff',
      },
    },
    [mine ? null : meta, body, mine ? meta : null],
  )
}
