import type { AreaCode, Captcha, LoginResult, LoginType } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'

export function fetchMobileSetting(signal?: AbortSignal): Promise<string> {
  return api
    .get<{ value?: string } | null>('/api/default/setting', {
      query: { key: 'is_show_mobile' },
      silent: true,
      signal,
    })
    .then((data) => String(data?.value ?? ''))
}

export function fetchAreaList(signal?: AbortSignal): Promise<AreaCode[]> {
  return api.get<AreaCode[]>('/api/default/area_list', { silent: true, signal })
}

export function fetchCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return api.get<Captcha>('/api/default/captcha', { signal })
}

export interface LoginForm {
  account: string
  password: string
  login_type: LoginType
  area_id?: number
  /** Only once the server answered `captcha_required`: the image's id and the text read from it. */
  captcha_id?: string
  captcha_code?: string
}

/** An account with a second factor is refused `second_factor_required`: the screen shows the second step. */
export function login(form: LoginForm): Promise<LoginResult> {
  return api.post<LoginResult>(
    '/api/user/loginForU',
    { ...form },
    {
      loading: true,
      quietReasons: ['second_factor_required'],
    },
  )
}

export function loginDemo(demoId: string): Promise<LoginResult> {
  return api.get<LoginResult>('/api/user/createAccountDemoForU', {
    query: { demo_id: demoId },
    loading: true,
  })
}

export interface RegisterForm {
  type: LoginType
  area_id?: number
  account: string
  mobile?: string
  password: string
  re_password: string
  invite_code: string
  sms_code: string
  key?: string
  /** The legal documents' versions the form showed and the user accepted (`client_agreement:1,…`). */
  legal_versions?: string
}

export function register(form: RegisterForm) {
  return api.postResult<unknown>('/api/user/register', { ...form }, { loading: true })
}

export interface ForgetPasswordForm {
  type: LoginType
  account: string
  area_id?: number
  new_password: string
  secondary_password: string
  auth_code: string
}

export function forgetPassword(form: ForgetPasswordForm) {
  return api.postResult<unknown>('/api/user/forget_password', { ...form }, { loading: true })
}
