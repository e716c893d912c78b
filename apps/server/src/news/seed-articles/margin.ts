import type { NewsTexts } from '@tp/contracts'

/** Seed article 1: margin, leverage, margin call, stop-out and negative balance protection (009, 007). */
export const MARGIN_ARTICLE: NewsTexts = {
  en: {
    title: 'How margin and leverage work here',
    desc: 'What an order sets aside as margin, how your margin level is calculated, and what happens at 100 % and at 50 %.',
    content: `
<p>Every position you open sets aside part of your balance as <strong>margin</strong>. Leverage decides how much: the higher the leverage, the less margin the same position needs, and the faster a move against you eats into your account.</p>
<h2>How margin is calculated</h2>
<blockquote>Margin = lots × contract size × price ÷ leverage</blockquote>
<p>Example: 0.10 lot of EUR/USD (contract size 100,000) at 1.0850 with 30× leverage takes 0.10 × 100,000 × 1.0850 ÷ 30 = <strong>361.67 USD</strong>. The order form shows the estimated margin and fee before you submit.</p>
<ul>
<li>Instruments in <strong>fixed margin mode</strong> take lots × contract size only: price and leverage do not change it.</li>
<li>Margin follows the market: it is recalculated at current prices while the position is open.</li>
<li>If you hold a buy and a sell on the same instrument (a hedge), only the larger side counts.</li>
<li>The leverage choices of each instrument are in the order form: by default up to 30× on major currency pairs and 2× on crypto.</li>
</ul>
<h2>Equity, free margin and margin level</h2>
<ul>
<li><strong>Equity</strong> = balance + the floating profit or loss of your open positions.</li>
<li><strong>Free margin</strong> = equity − margin in use. A new order needs free margin for its margin and fee.</li>
<li><strong>Margin level</strong> = equity ÷ margin × 100 %.</li>
</ul>
<h2>Margin call and stop-out</h2>
<ol>
<li>Below a margin level of <strong>100 %</strong> you get a margin call: the app shows a warning. Nothing is closed yet; deposit or close positions to raise the level.</li>
<li>Below <strong>50 %</strong> the stop-out begins: your most losing position is closed, then the level is checked again, one position at a time, until it is back above 50 %.</li>
</ol>
<p>Positions are closed only at live prices. A position whose market is closed, or whose price is stale, waits for its next fresh price.</p>
<h2>Negative balance protection</h2>
<p>A fast market can close a position for more than your balance. While you still hold positions, your balance may show below zero. Once the account is flat (no open positions) and the balance is negative, it is written back to exactly 0: <strong>you never lose more than you deposited</strong>.</p>
<blockquote>Leverage multiplies losses as much as profits. Trade sizes you can afford to lose, and use a stop-loss.</blockquote>
`,
  },
  hk: {
    title: '本平台的保證金與槓桿如何運作',
    desc: '下單時會佔用多少保證金、保證金水平如何計算，以及在 100% 和 50% 時會發生甚麼。',
    content: `
<p>每開一個倉位，系統都會從您的餘額中預留一部分作為<strong>保證金</strong>。槓桿決定預留多少：槓桿越高，同一倉位所需的保證金越少，但不利的價格變動也會越快侵蝕您的帳戶。</p>
<h2>保證金的計算方法</h2>
<blockquote>保證金 = 手數 × 合約單位 × 價格 ÷ 槓桿</blockquote>
<p>例子：以 30 倍槓桿、1.0850 的價格買入 0.10 手 EUR/USD（合約單位 100,000），所需保證金為 0.10 × 100,000 × 1.0850 ÷ 30 = <strong>361.67 美元</strong>。提交前，下單表格會顯示預估保證金和手續費。</p>
<ul>
<li>採用<strong>固定保證金模式</strong>的產品只按手數 × 合約單位計算，價格和槓桿不會影響保證金。</li>
<li>保證金跟隨市價：持倉期間會按當前價格重新計算。</li>
<li>如果在同一產品同時持有買入和賣出倉位（對沖），只計算較大的一方。</li>
<li>各產品可選的槓桿倍數見下單表格：預設主要貨幣對最高 30 倍，加密貨幣 2 倍。</li>
</ul>
<h2>淨值、可用保證金與保證金水平</h2>
<ul>
<li><strong>淨值</strong> = 餘額 + 持倉的浮動盈虧。</li>
<li><strong>可用保證金</strong> = 淨值 − 已用保證金。新訂單需要足夠的可用保證金支付其保證金及手續費。</li>
<li><strong>保證金水平</strong> = 淨值 ÷ 保證金 × 100%。</li>
</ul>
<h2>追加保證金與強制平倉</h2>
<ol>
<li>保證金水平低於 <strong>100%</strong> 時會收到追加保證金通知，應用程式會顯示警告。此時不會平倉；請入金或平倉以提高保證金水平。</li>
<li>低於 <strong>50%</strong> 時開始強制平倉：系統先平掉虧損最大的倉位，再重新檢查，逐一處理，直至保證金水平回到 50% 以上。</li>
</ol>
<p>系統只會以即時價格平倉。如果某倉位的市場已休市或報價已過時，會等待下一個最新報價。</p>
<h2>負餘額保護</h2>
<p>急速的行情可能令平倉虧損超過您的餘額。在仍有持倉時，餘額可能顯示為負數。當帳戶已無持倉而餘額為負時，系統會將其歸零：<strong>您的損失絕不會超過您的入金</strong>。</p>
<blockquote>槓桿會同時放大盈利和虧損。請只用您能承受虧損的金額交易，並設定止損。</blockquote>
`,
  },
}
