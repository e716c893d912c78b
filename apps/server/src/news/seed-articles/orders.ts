import type { NewsTexts } from '@tp/contracts'

/** Seed article 4: stop-loss, take-profit and pending orders (007, 009). */
export const ORDERS_ARTICLE: NewsTexts = {
  en: {
    title: 'Stop-loss, take-profit and pending orders',
    desc: 'Protect a position with a stop-loss, lock in a gain with a take-profit, and enter the market at your price with a pending order.',
    content: `
<h2>Stop-loss and take-profit</h2>
<p>A <strong>stop-loss</strong> closes your position automatically when the price moves against you to the level you set; a <strong>take-profit</strong> closes it when the price reaches your target. Set them in the order form, or later in the order's detail under Orders → Holding. Leave a level empty for none.</p>
<ul>
<li>Levels are compared with the price the position closes at: a buy closes at the bid, a sell at the ask.</li>
<li>For a buy, the stop-loss must be below the current price and the take-profit above it; for a sell, the other way round.</li>
<li>When a level is reached, the position closes at the first available price. In a fast market or at a market open that price can be past your level (a gap): a stop-loss limits a loss but cannot promise the exact price.</li>
<li>Levels can be changed only while the instrument's market is open.</li>
</ul>
<h2>Pending orders</h2>
<p>A pending order waits until the price reaches your target, then opens the position. Buy below the current price to catch a dip, or above it to follow a breakout; sell the same way round. Whether the order waits for the price to rise or to fall is fixed when you place it.</p>
<ul>
<li>While it waits, a pending order reserves no margin. When it fills, its margin and fee must fit your free margin at that moment; otherwise it is cancelled.</li>
<li>A pending order can carry its own stop-loss and take-profit, checked against its target price.</li>
<li>Cancel a pending order under Orders → Pending.</li>
<li>Like market orders, pending orders are accepted only while the market is open and its price is fresh.</li>
<li>An account can hold at most <strong>200</strong> live orders, pending and open together.</li>
</ul>
<blockquote>A stop-loss on every position is the simplest protection against a sudden move. With leverage, small moves add up quickly.</blockquote>
`,
  },
  hk: {
    title: '止損、止盈與掛單',
    desc: '以止損保護倉位，以止盈鎖定利潤，並以掛單在您設定的價格入市。',
    content: `
<h2>止損與止盈</h2>
<p>當價格朝不利方向走到您設定的價位時，<strong>止損</strong>會自動平倉；當價格到達您的目標時，<strong>止盈</strong>會自動平倉。您可在下單表格中設定，或之後在「訂單 → 持倉」的訂單詳情中設定。留空即表示不設定。</p>
<ul>
<li>價位會與倉位的平倉價比較：買入倉位以買價（Bid）平倉，賣出倉位以賣價（Ask）平倉。</li>
<li>買入時，止損須低於當前價格，止盈須高於當前價格；賣出則相反。</li>
<li>到達價位時，倉位會以第一個可用價格平倉。在急速行情或開市時，該價格可能已越過您的價位（跳空）：止損能限制虧損，但不能保證成交價格。</li>
<li>只有在該產品開市期間才能修改價位。</li>
</ul>
<h2>掛單</h2>
<p>掛單會等待價格到達您的目標價，然後開倉。低於當前價格買入可以在回落時入市，高於當前價格買入則可跟隨突破；賣出亦同理。掛單等待價格上升還是下跌，在下單時已經確定。</p>
<ul>
<li>等待期間，掛單不會佔用保證金。成交時，其保證金和手續費須在當時的可用保證金範圍內，否則掛單會被取消。</li>
<li>掛單可附帶自己的止損和止盈，並以其目標價作比較。</li>
<li>可在「訂單 → 掛單」中取消掛單。</li>
<li>與市價單一樣，掛單只在開市而且報價為最新時才會被接受。</li>
<li>每個帳戶最多可同時有 <strong>200</strong> 張有效訂單（掛單與持倉合計）。</li>
</ul>
<blockquote>為每個倉位設定止損，是應對突發行情最簡單的保護。在槓桿作用下，細小的價格變動也會迅速累積。</blockquote>
`,
  },
}
