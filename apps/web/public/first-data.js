/*
 * The first screen's data starts with the page, beside the code rather than after it (issue 12):
 * on `/` and `/trade` the instrument list is asked for at once, in the language the app will use,
 * and the app takes this answer once (src/shared/market/first-data.ts) if it is still fresh. A
 * classic script of its own: the page's policy allows no inline script, and a module would wait
 * for the whole app to download before it ran.
 */
/* global window, location */
;(function () {
  try {
    var path = location.pathname
    if (path !== '/' && path !== '/trade') return
    var lang = localStorage.getItem('lang') || 'hk'
    window.__firstTradeList = {
      at: Date.now(),
      lang: lang,
      answer: fetch('/v1/api/forex/trade_list', { headers: { lang: lang, accept: 'application/json' } }).then(
        function (response) {
          return response.json()
        },
      ),
    }
  } catch {
    // No storage or no fetch: the app asks for the list itself.
  }
})()
