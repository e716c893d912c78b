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
<li>保證金水平低於 <strong>100%</strong> 時會收到追加保證金通知，應用程式會顯示警告。此時不會平倉；請充值或平倉以提高保證金水平。</li>
<li>低於 <strong>50%</strong> 時開始強制平倉：系統先平掉虧損最大的倉位，再重新檢查，逐一處理，直至保證金水平回到 50% 以上。</li>
</ol>
<p>系統只會以即時價格平倉。如果某倉位的市場已休市或報價已過時，會等待下一個最新報價。</p>
<h2>負餘額保護</h2>
<p>急速的行情可能令平倉虧損超過您的餘額。在仍有持倉時，餘額可能顯示為負數。當帳戶已無持倉而餘額為負時，系統會將其歸零：<strong>您的損失絕不會超過您存入的資金</strong>。</p>
<blockquote>槓桿會同時放大盈利和虧損。請只用您能承受虧損的金額交易，並設定止損。</blockquote>
`,
  },
  ar: {
    title: 'كيف يعمل الهامش والرافعة المالية لدينا',
    desc: 'ما يحجزه كل أمر كهامش، وكيف يُحسب مستوى الهامش، وما الذي يحدث عند 100% وعند 50%.',
    content: `
<p>كل مركز تفتحه يحجز جزءًا من رصيدك بصفته <strong>هامشًا</strong>. والرافعة المالية هي التي تحدد مقداره: كلما ارتفعت الرافعة قلّ الهامش الذي يحتاجه المركز نفسه، وزادت سرعة تآكل حسابك إذا تحرك السعر في غير صالحك.</p>
<h2>كيف يُحسب الهامش</h2>
<blockquote>الهامش = عدد اللوتات × حجم العقد × السعر ÷ الرافعة المالية</blockquote>
<p>مثال: شراء 0.10 لوت من EUR/USD (حجم العقد 100,000) بسعر 1.0850 ورافعة 30× يحتاج إلى هامش قدره <strong>361.67 دولارًا أمريكيًا</strong>:</p>
<p dir="ltr">0.10 × 100,000 × 1.0850 ÷ 30 = 361.67</p>
<p>ويعرض نموذج الأمر الهامش والرسوم المقدّرة قبل الإرسال.</p>
<ul>
<li>الأدوات التي تعمل بـ<strong>وضع الهامش الثابت</strong> يُحسب هامشها من عدد اللوتات × حجم العقد فقط، فلا يغيّره السعر ولا الرافعة.</li>
<li>الهامش يتبع السوق: يُعاد حسابه بالأسعار الحالية ما دام المركز مفتوحًا.</li>
<li>إذا كان لديك مركز شراء ومركز بيع على الأداة نفسها (تحوّط)، فلا يُحتسب إلا الجانب الأكبر.</li>
<li>خيارات الرافعة لكل أداة تظهر في نموذج الأمر: افتراضيًا حتى 30× لأزواج العملات الرئيسية و2× للعملات المشفرة.</li>
</ul>
<h2>حقوق الملكية والهامش الحر ومستوى الهامش</h2>
<ul>
<li><strong>حقوق الملكية</strong> = الرصيد + الربح أو الخسارة العائمة لمراكزك المفتوحة.</li>
<li><strong>الهامش الحر</strong> = حقوق الملكية − الهامش المستخدم. يحتاج كل أمر جديد إلى هامش حر يغطي هامشه ورسومه.</li>
<li><strong>مستوى الهامش</strong> = حقوق الملكية ÷ الهامش × 100%.</li>
</ul>
<h2>نداء الهامش والإغلاق القسري</h2>
<ol>
<li>عندما ينخفض مستوى الهامش عن <strong>100%</strong> تتلقى نداء هامش: يعرض التطبيق تحذيرًا، ولا يُغلق أي مركز بعد. أودِع أموالًا أو أغلق بعض المراكز لرفع المستوى.</li>
<li>عندما ينخفض عن <strong>50%</strong> يبدأ الإغلاق القسري: يُغلق المركز الأكثر خسارة، ثم يُفحص المستوى من جديد، مركزًا تلو الآخر، حتى يعود فوق 50%.</li>
</ol>
<p>لا تُغلق المراكز إلا بأسعار حية. المركز الذي يكون سوقه مغلقًا أو سعره قديمًا ينتظر سعره الجديد التالي.</p>
<h2>الحماية من الرصيد السالب</h2>
<p>قد تؤدي حركة سريعة في السوق إلى إغلاق مركز بخسارة تفوق رصيدك. وما دامت لديك مراكز مفتوحة فقد يظهر رصيدك دون الصفر. وبمجرد ألا يبقى في الحساب أي مركز مفتوح والرصيد سالب، يُعاد إلى الصفر تمامًا: <strong>لن تخسر أبدًا أكثر مما أودعت</strong>.</p>
<blockquote>الرافعة المالية تضاعف الخسائر كما تضاعف الأرباح. تداول بأحجام تستطيع تحمّل خسارتها، واستخدم أمر وقف الخسارة.</blockquote>
`,
  },
  jp: {
    title: '当プラットフォームの証拠金とレバレッジの仕組み',
    desc: '注文ごとに確保される証拠金、証拠金維持率の計算方法、そして100%と50%で何が起きるかを解説します。',
    content: `
<p>ポジションを建てるたびに、残高の一部が<strong>証拠金</strong>として確保されます。その額を決めるのがレバレッジです。レバレッジが高いほど同じポジションに必要な証拠金は少なくなりますが、相場が逆に動いたときに口座が減るスピードも速くなります。</p>
<h2>証拠金の計算方法</h2>
<blockquote>証拠金 = ロット数 × 契約サイズ × 価格 ÷ レバレッジ</blockquote>
<p>例：EUR/USD（契約サイズ100,000）を1.0850で0.10ロット、レバレッジ30倍で取引する場合、0.10 × 100,000 × 1.0850 ÷ 30 = <strong>361.67米ドル</strong>が必要です。注文フォームには、発注前に概算の証拠金と手数料が表示されます。</p>
<ul>
<li><strong>固定証拠金モード</strong>の銘柄は、ロット数 × 契約サイズのみで計算され、価格やレバレッジの影響を受けません。</li>
<li>証拠金は相場に連動します。ポジション保有中は現在の価格で再計算されます。</li>
<li>同じ銘柄で買いと売りを同時に保有している場合（両建て）、大きいほうのみが計算されます。</li>
<li>各銘柄で選べるレバレッジは注文フォームに表示されます。初期設定では主要通貨ペアで最大30倍、暗号資産で2倍です。</li>
</ul>
<h2>有効証拠金・余剰証拠金・証拠金維持率</h2>
<ul>
<li><strong>有効証拠金</strong> = 残高 + 保有ポジションの評価損益</li>
<li><strong>余剰証拠金</strong> = 有効証拠金 − 使用中の証拠金。新規注文には、その証拠金と手数料をまかなえる余剰証拠金が必要です。</li>
<li><strong>証拠金維持率</strong> = 有効証拠金 ÷ 証拠金 × 100%</li>
</ul>
<h2>マージンコールとストップアウト</h2>
<ol>
<li>証拠金維持率が<strong>100%</strong>を下回るとマージンコールとなり、アプリに警告が表示されます。この時点ではまだ決済されません。入金するかポジションを決済して、維持率を回復させてください。</li>
<li><strong>50%</strong>を下回るとストップアウトが始まります。最も損失の大きいポジションから1つずつ決済し、そのたびに維持率を確認して、50%を上回るまで続けます。</li>
</ol>
<p>ポジションはリアルタイムの価格でのみ決済されます。市場が閉まっている、または価格が古いポジションは、次の新しい価格を待ちます。</p>
<h2>マイナス残高保護</h2>
<p>急激な相場変動では、残高を超える損失でポジションが決済されることがあります。ポジションを保有している間は、残高がマイナスと表示される場合があります。すべてのポジションがなくなった時点で残高がマイナスであれば、ちょうど0に戻されます。<strong>入金額を超えて損失を負うことはありません</strong>。</p>
<blockquote>レバレッジは利益と同じだけ損失も拡大します。失っても困らない範囲の数量で取引し、ストップロスを活用しましょう。</blockquote>
`,
  },
  kr: {
    title: '이 플랫폼의 증거금과 레버리지 작동 방식',
    desc: '주문마다 묶이는 증거금, 증거금 비율 계산 방법, 그리고 100%와 50%에서 어떤 일이 일어나는지 알아보세요.',
    content: `
<p>포지션을 열 때마다 잔고의 일부가 <strong>증거금</strong>으로 묶입니다. 그 금액은 레버리지가 결정합니다. 레버리지가 높을수록 같은 포지션에 필요한 증거금은 줄어들지만, 가격이 불리하게 움직일 때 계좌가 줄어드는 속도도 빨라집니다.</p>
<h2>증거금 계산 방법</h2>
<blockquote>증거금 = 랏 수 × 계약 단위 × 가격 ÷ 레버리지</blockquote>
<p>예: EUR/USD(계약 단위 100,000)를 1.0850에 0.10랏, 30배 레버리지로 거래하면 0.10 × 100,000 × 1.0850 ÷ 30 = <strong>361.67 USD</strong>가 필요합니다. 주문 양식에서 주문 전에 예상 증거금과 수수료를 확인할 수 있습니다.</p>
<ul>
<li><strong>고정 증거금 모드</strong> 상품은 랏 수 × 계약 단위로만 계산되며, 가격과 레버리지의 영향을 받지 않습니다.</li>
<li>증거금은 시장을 따라 움직입니다. 포지션을 보유하는 동안 현재 가격으로 다시 계산됩니다.</li>
<li>같은 상품에서 매수와 매도를 함께 보유하면(헤지) 더 큰 쪽만 계산됩니다.</li>
<li>상품별로 선택할 수 있는 레버리지는 주문 양식에 표시됩니다. 기본적으로 주요 통화쌍은 최대 30배, 암호화폐는 2배입니다.</li>
</ul>
<h2>순자산, 가용 증거금, 증거금 비율</h2>
<ul>
<li><strong>순자산</strong> = 잔고 + 보유 포지션의 평가 손익</li>
<li><strong>가용 증거금</strong> = 순자산 − 사용 중인 증거금. 새 주문에는 그 증거금과 수수료를 감당할 가용 증거금이 필요합니다.</li>
<li><strong>증거금 비율</strong> = 순자산 ÷ 증거금 × 100%</li>
</ul>
<h2>마진콜과 강제 청산</h2>
<ol>
<li>증거금 비율이 <strong>100%</strong> 아래로 내려가면 마진콜이 발생하고 앱에 경고가 표시됩니다. 아직 청산되지는 않으니, 입금하거나 포지션을 정리해 비율을 높이세요.</li>
<li><strong>50%</strong> 아래로 내려가면 강제 청산이 시작됩니다. 손실이 가장 큰 포지션부터 하나씩 청산하고, 그때마다 비율을 다시 확인해 50%를 넘을 때까지 계속합니다.</li>
</ol>
<p>포지션은 실시간 가격으로만 청산됩니다. 시장이 닫혀 있거나 가격이 오래된 포지션은 다음 새 가격을 기다립니다.</p>
<h2>마이너스 잔고 보호</h2>
<p>시장이 급변하면 잔고보다 큰 손실로 포지션이 청산될 수 있습니다. 포지션을 보유하는 동안에는 잔고가 0 미만으로 표시될 수 있습니다. 보유 포지션이 모두 없어졌을 때 잔고가 마이너스이면 정확히 0으로 복원됩니다. <strong>입금한 금액보다 더 많이 잃는 일은 없습니다</strong>.</p>
<blockquote>레버리지는 수익만큼 손실도 키웁니다. 감당할 수 있는 규모로 거래하고 손절매를 활용하세요.</blockquote>
`,
  },
  spa: {
    title: 'Cómo funcionan aquí el margen y el apalancamiento',
    desc: 'Cuánto margen reserva cada orden, cómo se calcula tu nivel de margen y qué ocurre al 100 % y al 50 %.',
    content: `
<p>Cada posición que abres reserva una parte de tu saldo como <strong>margen</strong>. El apalancamiento decide cuánto: cuanto mayor es, menos margen necesita la misma posición, y más rápido un movimiento en contra reduce tu cuenta.</p>
<h2>Cómo se calcula el margen</h2>
<blockquote>Margen = lotes × tamaño del contrato × precio ÷ apalancamiento</blockquote>
<p>Ejemplo: 0.10 lotes de EUR/USD (tamaño del contrato 100 000) a 1.0850 con apalancamiento 30× requieren 0.10 × 100 000 × 1.0850 ÷ 30 = <strong>361.67 USD</strong>. El formulario de la orden muestra el margen y la comisión estimados antes de enviarla.</p>
<ul>
<li>Los instrumentos en <strong>modo de margen fijo</strong> solo usan lotes × tamaño del contrato: ni el precio ni el apalancamiento lo cambian.</li>
<li>El margen sigue al mercado: se recalcula a precios actuales mientras la posición está abierta.</li>
<li>Si mantienes una compra y una venta en el mismo instrumento (cobertura), solo cuenta el lado mayor.</li>
<li>Las opciones de apalancamiento de cada instrumento aparecen en el formulario de la orden: por defecto, hasta 30× en los principales pares de divisas y 2× en criptomonedas.</li>
</ul>
<h2>Capital, margen libre y nivel de margen</h2>
<ul>
<li><strong>Capital</strong> = saldo + ganancia o pérdida flotante de tus posiciones abiertas.</li>
<li><strong>Margen libre</strong> = capital − margen en uso. Una orden nueva necesita margen libre para cubrir su margen y su comisión.</li>
<li><strong>Nivel de margen</strong> = capital ÷ margen × 100 %.</li>
</ul>
<h2>Llamada de margen y stop-out</h2>
<ol>
<li>Por debajo de un nivel de margen del <strong>100 %</strong> recibes una llamada de margen: la app muestra un aviso. Todavía no se cierra nada; deposita o cierra posiciones para subir el nivel.</li>
<li>Por debajo del <strong>50 %</strong> empieza el stop-out: se cierra tu posición con mayor pérdida, se vuelve a comprobar el nivel y se sigue, una posición cada vez, hasta que vuelve a superar el 50 %.</li>
</ol>
<p>Las posiciones solo se cierran a precios en vivo. Una posición cuyo mercado está cerrado, o cuyo precio está desactualizado, espera al siguiente precio actualizado.</p>
<h2>Protección contra saldo negativo</h2>
<p>Un mercado rápido puede cerrar una posición con una pérdida mayor que tu saldo. Mientras sigas teniendo posiciones, tu saldo puede aparecer por debajo de cero. En cuanto la cuenta se queda sin posiciones abiertas y el saldo es negativo, se devuelve exactamente a 0: <strong>nunca pierdes más de lo que depositaste</strong>.</p>
<blockquote>El apalancamiento multiplica las pérdidas tanto como las ganancias. Opera con tamaños que puedas permitirte perder y usa un stop-loss.</blockquote>
`,
  },
}
