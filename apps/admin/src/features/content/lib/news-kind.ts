import { NEWS_ANNOUNCEMENT_CATEGORY, NEWS_DEFAULT_CATEGORY } from '@tp/contracts/light'

/** The kinds staff choose between: an article's `category_id` (news on /news, announcements on /mine/announcement). */
export const NEWS_KINDS = [
  { category: NEWS_DEFAULT_CATEGORY, label: 'content.news.kindNews', color: 'blue' },
  { category: NEWS_ANNOUNCEMENT_CATEGORY, label: 'content.news.kindAnnouncement', color: 'gold' },
] as const

export const newsKindOf = (category: number) => NEWS_KINDS.find((kind) => kind.category === category)
