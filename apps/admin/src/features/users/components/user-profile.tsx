import { Descriptions, Space, Tag, Typography } from 'antd'
import type { AdminUserDetail } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { Usd } from '../../../common/queue/detail-parts.tsx'
import { DisabledTag, IdentityTag, SignedUsd } from '../../../common/components/user-tags.tsx'

const dash = (value: string | null | undefined) => value || '—'

/** Who the user is, who invited whom, the account's figures now and its sessions. */
export function UserProfile({ user }: { user: AdminUserDetail }) {
  const t = useT()
  const { account } = user
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={2}
        data-testid="user-profile"
        items={[
          { label: t('users.uid'), children: <b>{user.uid}</b> },
          { label: t('users.accountType'), children: user.is_demo ? t('users.demo') : t('users.real') },
          ...(user.is_demo
            ? []
            : [
                {
                  label: t('users.clientGroup'),
                  children: <span data-testid="user-client-group">{user.client_group}</span>,
                },
              ]),
          { label: t('users.email'), children: dash(user.email) },
          { label: t('users.mobile'), children: dash(user.mobile) },
          { label: t('users.nickname'), children: dash(user.nickname) },
          { label: t('users.identity'), children: <IdentityTag status={user.identity_status} /> },
          { label: t('users.created'), children: <UtcTime value={user.created_at} /> },
          {
            label: t('users.state'),
            children: (
              <Space>
                <DisabledTag disabled={user.disabled} showActive />
                {user.disabled && <UtcTime value={user.disabled_at} />}
              </Space>
            ),
          },
          { label: t('users.invitedBy'), children: dash(user.invited_by_uid), span: 2 },
          {
            label: `${t('users.referrals')} (${user.invited_count})`,
            span: 2,
            children: user.referrals.length ? (
              <Space orientation="vertical" size={4} data-testid="user-referrals">
                <Space size={[4, 4]} wrap>
                  {user.referrals.map((uid) => (
                    <Tag key={uid}>{uid}</Tag>
                  ))}
                </Space>
                {user.invited_count > user.referrals.length && (
                  <Typography.Text type="secondary">
                    {t('users.referralsMore', { shown: user.referrals.length, count: user.invited_count })}
                  </Typography.Text>
                )}
              </Space>
            ) : (
              '—'
            ),
          },
        ]}
      />
      <Descriptions
        bordered
        size="small"
        column={3}
        title={t('users.account')}
        extra={<Typography.Text type="secondary">{t('users.live')}</Typography.Text>}
        data-testid="user-account"
        items={[
          {
            label: t('users.balance'),
            children: (
              <span data-testid="user-detail-balance">
                <Usd value={account.balance} />
              </span>
            ),
          },
          { label: t('users.frozen'), children: <Usd value={account.frozen} /> },
          { label: t('users.profit'), children: <SignedUsd value={account.profit} /> },
          { label: t('users.equity'), children: <Usd value={account.equity} /> },
          { label: t('users.margin'), children: <Usd value={account.margin} /> },
          { label: t('users.freeMargin'), children: <Usd value={account.free_margin} /> },
          {
            label: t('users.marginLevel'),
            children: account.margin_level === null ? '—' : `${account.margin_level.toFixed(2)} %`,
          },
        ]}
      />
      <Descriptions
        bordered
        size="small"
        column={3}
        title={t('users.sessions')}
        data-testid="user-sessions"
        items={[
          { label: t('users.liveSessions'), children: user.live_sessions },
          { label: t('users.recentSessions'), children: user.recent_sessions },
          { label: t('users.lastSignIn'), children: <UtcTime value={user.last_sign_in_at} /> },
          {
            label: t('users.secondFactor'),
            children: (
              <span data-testid="user-second-factor">
                {user.second_factor.length === 0
                  ? t('users.secondFactorNone')
                  : user.second_factor
                      .map((method) =>
                        t(method === 'totp' ? 'users.secondFactor.totp' : 'users.secondFactor.passkey'),
                      )
                      .join(', ')}
              </span>
            ),
          },
        ]}
      />
    </Space>
  )
}
