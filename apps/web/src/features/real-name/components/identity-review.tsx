import { ReviewStatus, type IdentityCenter } from '@tp/contracts/light'
import { ImageViewer } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { ShieldIcon, Svg } from '../../../common/components/icons.tsx'
import { formatDateTime, isoTime } from '../../../common/lib/datetime.ts'

/** Waiting for review. Kept beside its one user: every icon in common/components/icons.tsx is in the first load. */
const ClockIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
)

/** The submitted check, read-only: its state (waiting or finished), the two images and the data. */
export function IdentityReview({ check }: { check: IdentityCenter }) {
  const { t } = useTranslation()
  const finished = check.review_status === ReviewStatus.Finished
  const images = [
    { url: check.front_pic, label: t('identity.front') },
    { url: check.reverse_pic, label: t('identity.back') },
  ]
  return (
    <>
      <div
        className={finished ? 'identity-status identity-status-finished' : 'identity-status'}
        role="status"
        data-testid="identity-status"
        data-status={finished ? 'finished' : 'waiting'}
      >
        <span className="identity-status-icon">{finished ? <ShieldIcon /> : <ClockIcon />}</span>
        <div>
          <p className="identity-status-title">
            {finished ? t('identity.statusFinished') : t('identity.statusWaiting')}
          </p>
          <p className="identity-status-text">
            {finished ? t('identity.finishedText') : t('identity.waitingText')}
          </p>
        </div>
      </div>
      <div className="form-card">
        <div className="identity-pickers">
          {images.map((image, index) => (
            <figure key={image.label} className="identity-figure">
              <button
                type="button"
                className="identity-image-button"
                aria-label={image.label}
                onClick={() =>
                  ImageViewer.Multi.show({ images: images.map((i) => i.url), defaultIndex: index })
                }
              >
                <img className="identity-image" src={image.url} alt="" data-testid="identity-image" />
              </button>
              <figcaption className="identity-picker-label">{image.label}</figcaption>
            </figure>
          ))}
        </div>
        <dl className="identity-data">
          <dt>{t('identity.name')}</dt>
          <dd>
            <bdi data-testid="identity-shown-name">{check.name}</bdi>
          </dd>
          <dt>{t('identity.cardId')}</dt>
          <dd>
            <span className="num" data-testid="identity-shown-card-id">
              {check.card_id}
            </span>
          </dd>
          <dt>{t('identity.submittedAt')}</dt>
          <dd>
            <time className="num" dateTime={isoTime(check.submitted_at)} data-testid="identity-submitted-at">
              {formatDateTime(check.submitted_at)}
            </time>
          </dd>
        </dl>
      </div>
    </>
  )
}
