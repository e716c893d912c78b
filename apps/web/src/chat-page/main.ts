import './chat-page.css'
import { startTheme } from '../common/theme/theme.ts'
import { chatPageApi, ChatCallError } from './chat-page-api.ts'
import { startChatPage } from './chat-page.ts'
import { htmlLang, isRtl, loadTexts, pageLanguage, storedLanguage } from './chat-page-texts.ts'

/** The key under which the app keeps the session token (common/lib/storage.ts StorageKey.TOKEN). */
const TOKEN_KEY = 'token'

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

/**
 * The standalone support chat page (chat.html), opened by the app as the default service link with
 * `client_id` (the user's uid), `name`, `email` and `lang`. It uses the app's session on this
 * origin, and only when it is the session of the user named by `client_id`: a link meant for one
 * account never writes as another.
 */
async function start(): Promise<void> {
  // The app's theme (stored choice or the system's), followed live: the page is framed by /mine/chat.
  startTheme()
  const query = new URLSearchParams(window.location.search)
  const lang = pageLanguage(query, storedLanguage())
  const locale = htmlLang(lang)
  document.documentElement.lang = locale
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr'
  const t = await loadTexts(lang)
  document.title = t('title')
  const root = document.getElementById('chat')
  if (!root) throw new Error('#chat is missing from chat.html')

  const token = storedToken()
  const clientId = query.get('client_id') ?? ''
  const signInAgain = () => {
    root.replaceChildren()
    const note = document.createElement('p')
    note.className = 'cp-sign-in'
    note.dataset.testid = 'chat-sign-in'
    note.textContent = t('signInAgain')
    root.append(note)
  }
  if (!token || clientId === '') return signInAgain()
  const api = chatPageApi(token, lang)
  try {
    const user = await api.user()
    if (user.uid !== clientId) return signInAgain()
  } catch (error) {
    if (error instanceof ChatCallError && error.code === 999) return signInAgain()
    root.textContent = t('loadFailed')
    return
  }
  startChatPage({ root, token, lang, locale, t, framed: window.self !== window.top }, api)
}

void start()
