import type { NewsItem } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { currentLanguageOf } from '../lib/language.ts'
import { newsDate } from '../lib/news-date.ts'

/** One article of the list: logo when it has one, title, two lines of summary, date. */
export function NewsRow({ item }: { item: NewsItem }) {
  const { i18n } = useTranslation()
  return (
    <li className="news-row">
      <Link className="news-row-link" to={`/news/detail?id=${item.id}`} data-testid="news-row">
        {item.logo ? <img className="news-row-logo" src={item.logo} alt="" loading="lazy" /> : null}
        <div className="news-row-body">
          <h2 className="news-row-title" dir="auto">
            {item.title}
          </h2>
          {item.desc ? (
            <p className="news-row-desc" dir="auto">
              {item.desc}
            </p>
          ) : null}
          <time className="news-row-date" dateTime={item.created_at.replace(' ', 'T') + 'Z'}>
            {newsDate(item.created_at, currentLanguageOf(i18n.language))}
          </time>
        </div>
      </Link>
    </li>
  )
}
