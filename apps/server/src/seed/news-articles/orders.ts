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
  ar: {
    title: 'وقف الخسارة وجني الأرباح والأوامر المعلّقة',
    desc: 'احمِ مركزك بأمر وقف الخسارة، وثبّت أرباحك بأمر جني الأرباح، وادخل السوق بالسعر الذي تختاره عبر أمر معلّق.',
    content: `
<h2>وقف الخسارة وجني الأرباح</h2>
<p>يُغلق <strong>وقف الخسارة</strong> مركزك تلقائيًا عندما يتحرك السعر ضدك حتى المستوى الذي حددته، ويُغلقه <strong>جني الأرباح</strong> عندما يبلغ السعر هدفك. اضبطهما في نموذج الأمر، أو لاحقًا من تفاصيل الأمر في «الأوامر ← المراكز المفتوحة». اترك المستوى فارغًا إن لم تُرِده.</p>
<ul>
<li>تُقارن المستويات بالسعر الذي يُغلق به المركز: يُغلق مركز الشراء بسعر العرض (Bid)، ومركز البيع بسعر الطلب (Ask).</li>
<li>في مركز الشراء يجب أن يكون وقف الخسارة أدنى من السعر الحالي وجني الأرباح أعلى منه، والعكس في مركز البيع.</li>
<li>عند بلوغ المستوى يُغلق المركز بأول سعر متاح. وفي سوق سريعة أو عند الافتتاح قد يتجاوز هذا السعر مستواك (فجوة سعرية): وقف الخسارة يحدّ من الخسارة لكنه لا يضمن السعر بدقة.</li>
<li>لا يمكن تغيير المستويات إلا والسوق مفتوح.</li>
</ul>
<h2>الأوامر المعلّقة</h2>
<p>ينتظر الأمر المعلّق حتى يبلغ السعر هدفك، ثم يفتح المركز. اشترِ أدنى من السعر الحالي لتستفيد من التراجع، أو أعلى منه لتتبع الاختراق؛ والبيع بالطريقة نفسها في الاتجاه المعاكس. ويُحدَّد عند وضع الأمر ما إذا كان ينتظر صعود السعر أم هبوطه.</p>
<ul>
<li>لا يحجز الأمر المعلّق أي هامش أثناء الانتظار. وعند تنفيذه يجب أن يتسع الهامش الحر في تلك اللحظة لهامشه ورسومه، وإلا أُلغي.</li>
<li>يمكن أن يحمل الأمر المعلّق وقف خسارة وجني أرباح خاصين به، يُقارنان بسعره المستهدف.</li>
<li>ألغِ الأمر المعلّق من «الأوامر ← المعلّقة».</li>
<li>مثل الأوامر الفورية، لا تُقبل الأوامر المعلّقة إلا والسوق مفتوح وسعره حديث.</li>
<li>يمكن أن يحتفظ الحساب بـ<strong>200</strong> أمر نشط على الأكثر، المعلّقة والمفتوحة معًا.</li>
</ul>
<blockquote>وضع وقف خسارة لكل مركز هو أبسط حماية من الحركات المفاجئة. ومع الرافعة المالية تتراكم الحركات الصغيرة بسرعة.</blockquote>
`,
  },
  jp: {
    title: 'ストップロス、テイクプロフィット、指値注文',
    desc: 'ストップロスでポジションを守り、テイクプロフィットで利益を確定し、指値注文で希望の価格からエントリーしましょう。',
    content: `
<h2>ストップロスとテイクプロフィット</h2>
<p><strong>ストップロス</strong>は、価格が不利な方向に動いて設定した水準に達すると、ポジションを自動的に決済します。<strong>テイクプロフィット</strong>は、価格が目標に達したときに決済します。注文フォームで設定するか、後から「注文 → 保有中」の注文詳細で設定できます。設定しない場合は空欄のままにしてください。</p>
<ul>
<li>水準はポジションの決済価格と比較されます。買いポジションはBid（売値）で、売りポジションはAsk（買値）で決済されます。</li>
<li>買いの場合、ストップロスは現在価格より下、テイクプロフィットは上に設定します。売りの場合はその逆です。</li>
<li>水準に達すると、最初に取得できた価格で決済されます。相場の急変時や市場の再開時には、その価格が設定水準を超えることがあります（窓開け）。ストップロスは損失を限定しますが、正確な価格を保証するものではありません。</li>
<li>水準を変更できるのは、その銘柄の市場が開いている間のみです。</li>
</ul>
<h2>指値注文</h2>
<p>指値注文は、価格が目標に達するまで待ってからポジションを建てます。押し目を狙うなら現在価格より下で、ブレイクアウトに乗るなら上で買います。売りはその逆です。価格の上昇を待つか下落を待つかは、発注時に決まります。</p>
<ul>
<li>待機中の指値注文は証拠金を確保しません。約定時には、その時点の余剰証拠金で証拠金と手数料をまかなえる必要があり、足りない場合は取り消されます。</li>
<li>指値注文には独自のストップロスとテイクプロフィットを設定でき、目標価格を基準に判定されます。</li>
<li>指値注文は「注文 → 指値」から取り消せます。</li>
<li>成行注文と同じく、市場が開いていて価格が最新のときにのみ受け付けられます。</li>
<li>1つの口座で持てる有効な注文は、指値注文と保有ポジションを合わせて最大<strong>200</strong>件です。</li>
</ul>
<blockquote>すべてのポジションにストップロスを設定することが、急な値動きへの最も簡単な備えです。レバレッジがかかると、小さな値動きもすぐに積み重なります。</blockquote>
`,
  },
  kr: {
    title: '손절매, 이익 실현, 대기 주문',
    desc: '손절매로 포지션을 보호하고, 이익 실현으로 수익을 확정하며, 대기 주문으로 원하는 가격에 진입하세요.',
    content: `
<h2>손절매와 이익 실현</h2>
<p><strong>손절매</strong>는 가격이 불리하게 움직여 설정한 수준에 도달하면 포지션을 자동으로 청산합니다. <strong>이익 실현</strong>은 가격이 목표에 도달하면 청산합니다. 주문 양식에서 설정하거나, 나중에 '주문 → 보유'의 주문 상세에서 설정할 수 있습니다. 설정하지 않으려면 비워 두세요.</p>
<ul>
<li>설정 수준은 포지션이 청산되는 가격과 비교됩니다. 매수 포지션은 매도호가(Bid)에, 매도 포지션은 매수호가(Ask)에 청산됩니다.</li>
<li>매수의 경우 손절매는 현재 가격보다 아래, 이익 실현은 위에 있어야 하며, 매도는 그 반대입니다.</li>
<li>수준에 도달하면 처음으로 가능한 가격에 청산됩니다. 시장이 급변하거나 개장할 때는 그 가격이 설정 수준을 넘어설 수 있습니다(갭). 손절매는 손실을 제한하지만 정확한 가격을 보장하지는 않습니다.</li>
<li>수준은 해당 상품의 시장이 열려 있을 때만 변경할 수 있습니다.</li>
</ul>
<h2>대기 주문</h2>
<p>대기 주문은 가격이 목표에 도달할 때까지 기다렸다가 포지션을 엽니다. 눌림목을 노린다면 현재 가격보다 아래에서, 돌파를 따라가려면 위에서 매수하세요. 매도는 방향만 반대입니다. 가격 상승을 기다릴지 하락을 기다릴지는 주문할 때 정해집니다.</p>
<ul>
<li>대기 중인 주문은 증거금을 묶지 않습니다. 체결될 때 그 시점의 가용 증거금으로 증거금과 수수료를 감당할 수 있어야 하며, 그렇지 않으면 취소됩니다.</li>
<li>대기 주문에도 자체 손절매와 이익 실현을 설정할 수 있으며, 목표 가격을 기준으로 판단합니다.</li>
<li>대기 주문은 '주문 → 대기'에서 취소할 수 있습니다.</li>
<li>시장가 주문과 마찬가지로, 시장이 열려 있고 가격이 최신일 때만 접수됩니다.</li>
<li>한 계정은 대기 주문과 보유 포지션을 합쳐 최대 <strong>200</strong>건의 유효 주문을 가질 수 있습니다.</li>
</ul>
<blockquote>모든 포지션에 손절매를 설정하는 것이 갑작스러운 변동에 대비하는 가장 간단한 방법입니다. 레버리지를 쓰면 작은 움직임도 빠르게 쌓입니다.</blockquote>
`,
  },
  spa: {
    title: 'Stop-loss, take-profit y órdenes pendientes',
    desc: 'Protege una posición con un stop-loss, asegura una ganancia con un take-profit y entra al mercado a tu precio con una orden pendiente.',
    content: `
<h2>Stop-loss y take-profit</h2>
<p>Un <strong>stop-loss</strong> cierra tu posición automáticamente cuando el precio se mueve en tu contra hasta el nivel que fijaste; un <strong>take-profit</strong> la cierra cuando el precio alcanza tu objetivo. Configúralos en el formulario de la orden o, más tarde, en el detalle de la orden en Órdenes → Posiciones. Deja un nivel vacío si no quieres ninguno.</p>
<ul>
<li>Los niveles se comparan con el precio al que se cierra la posición: una compra se cierra al bid y una venta al ask.</li>
<li>En una compra, el stop-loss debe estar por debajo del precio actual y el take-profit por encima; en una venta, al revés.</li>
<li>Cuando se alcanza un nivel, la posición se cierra al primer precio disponible. En un mercado rápido o en una apertura, ese precio puede ir más allá de tu nivel (un gap): un stop-loss limita la pérdida, pero no garantiza el precio exacto.</li>
<li>Los niveles solo pueden cambiarse mientras el mercado del instrumento está abierto.</li>
</ul>
<h2>Órdenes pendientes</h2>
<p>Una orden pendiente espera a que el precio alcance tu objetivo y entonces abre la posición. Compra por debajo del precio actual para aprovechar un retroceso, o por encima para seguir una ruptura; para vender, al revés. Si la orden espera a que el precio suba o baje se decide al colocarla.</p>
<ul>
<li>Mientras espera, una orden pendiente no reserva margen. Al ejecutarse, su margen y su comisión deben caber en tu margen libre de ese momento; si no, se cancela.</li>
<li>Una orden pendiente puede llevar su propio stop-loss y take-profit, comparados con su precio objetivo.</li>
<li>Cancela una orden pendiente en Órdenes → Pendientes.</li>
<li>Como las órdenes a mercado, las pendientes solo se aceptan con el mercado abierto y un precio actualizado.</li>
<li>Una cuenta puede tener como máximo <strong>200</strong> órdenes vivas, pendientes y abiertas juntas.</li>
</ul>
<blockquote>Un stop-loss en cada posición es la protección más sencilla contra un movimiento repentino. Con apalancamiento, los movimientos pequeños se acumulan rápido.</blockquote>
`,
  },
}
