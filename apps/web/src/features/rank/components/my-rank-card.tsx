import type { RankSettings } from '@tp/contracts/light'
import { Button, Input, Popup, Switch } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { loginPath } from '../../../common/lib/navigation.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { isDemoUser, useSession } from '../../../common/session/session-store.ts'
import { LeaderCard } from './leader-card.tsx'
import { useRankSettings, useSaveRankSettings } from '../hooks/use-rank.ts'

/** Bounds the server checks too (it also decides which characters are allowed). */
const NICKNAME_MIN_CHARS = 2
const NICKNAME_MAX_CHARS = 20

interface EditorProps {
  visible: boolean
  initial: string
  /** Whether saving also turns "show me" on (the switch was flipped without a nickname). */
  showAfter: boolean
  current: RankSettings
  onClose: () => void
}

function NicknameEditor({ visible, initial, showAfter, current, onClose }: EditorProps) {
  const { t } = useTranslation()
  const save = useSaveRankSettings()
  const [value, setValue] = useState(initial)
  const [opened, setOpened] = useState(visible)
  // Each opening starts from the saved nickname.
  if (visible !== opened) {
    setOpened(visible)
    if (visible) setValue(initial)
  }

  function submit() {
    const length = [...value.trim()].length
    if (length < NICKNAME_MIN_CHARS || length > NICKNAME_MAX_CHARS) return toastInfo(t('rank.nicknameRule'))
    save.mutate(
      { rank_visible: showAfter ? 1 : current.rank_visible, nickname: value.trim() },
      { onSuccess: onClose },
    )
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="rank-nickname-popup">
      <div className="rank-nickname-editor">
        <h2 className="rank-profile-title">{t('rank.nicknameTitle')}</h2>
        <Input
          className="rank-nickname-input"
          data-testid="rank-nickname-input"
          value={value}
          onChange={setValue}
          placeholder={t('rank.nicknamePlaceholder')}
          maxLength={40}
          clearable
          onEnterPress={submit}
        />
        <p className="rank-muted">{t('rank.nicknameRule')}</p>
        <Button
          block
          color="primary"
          shape="rounded"
          loading={save.isPending}
          onClick={submit}
          data-testid="rank-nickname-save"
        >
          {t('rank.save')}
        </Button>
      </div>
    </Popup>
  )
}

function SignedInCard() {
  const { t } = useTranslation()
  const settings = useRankSettings()
  const save = useSaveRankSettings()
  const [editing, setEditing] = useState<'name' | 'show' | null>(null)
  const demo = useSession((state) => isDemoUser(state.user))
  const current = settings.data
  if (!current) return null

  function toggle(checked: boolean) {
    if (!current) return
    // Nobody is shown without a name: choosing one comes first.
    if (checked && current.nickname === '') return setEditing('show')
    save.mutate({ rank_visible: checked ? 1 : 0, nickname: '' })
  }

  return (
    <section className="rank-card" data-testid="rank-my-card">
      <div className="rank-card-row">
        <div className="rank-card-text">
          <div className="rank-card-title">{t('rank.showMe')}</div>
          <div className="rank-muted">{t('rank.showMeHint')}</div>
        </div>
        <Switch
          checked={current.rank_visible === 1}
          loading={save.isPending}
          onChange={toggle}
          data-testid="rank-show-switch"
        />
      </div>
      <div className="rank-card-row rank-card-nickname">
        <span className="rank-muted">{t('rank.nickname')}</span>
        <bdi className="rank-card-name" data-testid="rank-my-nickname">
          {current.nickname || t('rank.noNickname')}
        </bdi>
        <button
          type="button"
          className="rank-link-button"
          onClick={() => setEditing('name')}
          data-testid="rank-edit-nickname"
        >
          {t('rank.editNickname')}
        </button>
      </div>
      {current.rank_visible === 1 && <LeaderCard demo={demo} />}
      <NicknameEditor
        visible={editing !== null}
        initial={current.nickname}
        showAfter={editing === 'show'}
        current={current}
        onClose={() => setEditing(null)}
      />
    </section>
  )
}

/** The user's own choice at the top of the ranking; a visitor is invited to sign in. */
export function MyRankCard() {
  const { t } = useTranslation()
  const token = useSession((state) => state.token)
  if (token === null)
    return (
      <p className="rank-card rank-visitor" data-testid="rank-visitor">
        {t('rank.visitorInvite')}{' '}
        <Link to={loginPath('/rank')} className="rank-link-button">
          {t('rank.signIn')}
        </Link>
      </p>
    )
  return <SignedInCard />
}
