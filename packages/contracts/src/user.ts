/** The signed-in user as `user/info` and `loginForU` return it. Money is a decimal string. */
export interface UserInfo {
  id: number
  uid: string
  email: string | null
  mobile: string | null
  area_id: number | null
  is_demo: 0 | 1
  invite_code: string
  /** Available balance in USD, 2 decimals, e.g. "10000.00". */
  balance: string
  /** Frozen balance (pending withdrawals) in USD, 2 decimals. */
  lock_balance: string
  created_at: string
}

export interface LoginResult {
  token: string
  user: UserInfo
}

export interface AreaCode {
  id: number
  /** Calling code with plus sign, e.g. "+852". */
  global_code: string
  /** ISO 3166-1 alpha-2 country code, e.g. "HK". */
  code: string
}

/** `getBasicInfo`: settings the client needs before sign-in. */
export interface BasicInfo {
  service_link: string
  /** 2 shows a copyable link, 3 opens externally, otherwise chat in the app at /mine/chat. */
  service_link_type: number
  /** 2 means an image captcha at registration instead of a message code. */
  verify_reg_type: number
  /** 1 = fee per lot, otherwise a share of margin. */
  trade_fee_type: number
  site_title: string
  /** Ours: the desktop site's address; desktop browsers go there when it is set. */
  pc_url: string
}

export interface Captcha {
  id: string
  /** The image as a data URL. */
  b64s: string
}

export interface Company {
  id: number
  name: string
  logo: string
  url: string
  subject: string
  registered_address: string
  location: string
  email: string
}

/** `getCompanyStatus`: status 0 sends the client to `loss_url`; type 0 is main mode. */
export interface CompanyStatus {
  status: number
  type: number
  loss_url: string
}
