import type { NewsTexts } from '@tp/contracts'

/** Seed article 2: trading hours and closed markets (006 sessions, 007 and 009 on stale prices). */
export const HOURS_ARTICLE: NewsTexts = {
  en: {
    title: 'Trading hours: when each market is open',
    desc: 'Forex trades around the clock on weekdays, metals, energy and indices with a short daily break, crypto every day. What a closed market means for your orders.',
    content: `
<p>Each instrument trades in its own sessions. All times below are <strong>UTC</strong>.</p>
<h2>Standard hours</h2>
<ul>
<li><strong>Forex</strong>: from Sunday 22:00 to Friday 22:00, around the clock.</li>
<li><strong>Metals, energy and indices</strong>: the same week (opening Sunday 23:00), with a daily break from 22:00 to 23:00.</li>
<li><strong>Crypto</strong>: 24 hours a day, 7 days a week.</li>
</ul>
<p>Hours are kept per instrument and can be adjusted by our staff; the app always shows whether a market is open now.</p>
<h2>When a market is closed</h2>
<ul>
<li>The instrument shows a <strong>closed</strong> label on the home list.</li>
<li>New orders, market and pending alike, are refused until it opens again.</li>
<li>Stop-loss, take-profit and pending orders do not fire; they wait for the first price after the open.</li>
<li>Stop-loss and take-profit levels can be changed only while the market is open.</li>
<li>Open positions stay open. Charts and the daily change show the last trading day.</li>
</ul>
<h2>Fresh prices only</h2>
<p>An order is also refused when the instrument's last price is stale (by default older than 10 seconds), for example when the price feed pauses. Nothing is filled or closed at an old price: wait a moment and try again when new prices arrive.</p>
<blockquote>The first prices after a weekend or a daily break can jump away from the last close (a gap). Orders that trigger then fill at the first available price, which may be past your level.</blockquote>
`,
  },
  hk: {
    title: '交易時間：各市場何時開市',
    desc: '外匯於平日全日交易，貴金屬、能源和指數每日有短暫休市，加密貨幣每日開放。休市對您的訂單有何影響。',
    content: `
<p>每個產品都有各自的交易時段。以下時間均為<strong>協調世界時（UTC）</strong>。</p>
<h2>標準交易時間</h2>
<ul>
<li><strong>外匯</strong>：由星期日 22:00 至星期五 22:00，全日不停。</li>
<li><strong>貴金屬、能源及指數</strong>：同一星期內交易（星期日 23:00 開市），每日 22:00 至 23:00 休市一小時。</li>
<li><strong>加密貨幣</strong>：每星期 7 日、每日 24 小時。</li>
</ul>
<p>交易時間按產品設定，並可由我們的職員調整；應用程式會隨時顯示市場目前是否開市。</p>
<h2>市場休市時</h2>
<ul>
<li>首頁列表上該產品會顯示<strong>休市</strong>標籤。</li>
<li>新訂單（市價單和掛單）在重新開市前都會被拒絕。</li>
<li>止損、止盈和掛單不會觸發，會等待開市後的第一個報價。</li>
<li>止損和止盈價位只能在開市期間修改。</li>
<li>已開的倉位會保留。圖表和當日漲跌顯示最後一個交易日的數據。</li>
</ul>
<h2>只用最新報價</h2>
<p>如產品的最新報價已過時（預設超過 10 秒），例如報價源暫停時，訂單同樣會被拒絕。系統不會以舊價格成交或平倉：請稍候，待新報價到達後再試。</p>
<blockquote>週末或每日休市後的首個報價可能與上次收市價有落差（跳空）。屆時觸發的訂單會以第一個可用價格成交，可能超出您設定的價位。</blockquote>
`,
  },
}
