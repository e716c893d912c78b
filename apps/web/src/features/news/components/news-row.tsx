import type { NewsItem } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDate, isoTime } from '../../../common/lib/datetime.ts'

/** One article of the list: logo when it has one, title, two lines of summary, date. */
export function NewsRow({ item }: { item: NewsItem }) {
  // Re-renders the date when the language changes.
  useTranslation()
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
          <time className="news-row-date" dateTime={isoTime(item.created_at)}>
            {formatDate(item.created_at)}
          </time>
        </div>
      </Link>
    </li>
  )
}
