/* Asks for the first screen's instrument list as the page loads: see src/shared/market/first-data.ts. */
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
