import { MarginMode, MarketStatus, SwapMode, type Instrument } from '@tp/contracts'

/** An instrument as `trade_list` sends it (BTCUSD of the seeded catalogue), for unit tests. */
export function testInstrument(overrides: Partial<Instrument> = {}): Instrument {
  return {
    Id: 30,
    Code: 'BTCUSD',
    ShowCode: 'BTC/USD',
    Name: 'Bitcoin / US Dollar',
    NameShowTrans: 'Bitcoin / US Dollar',
    Logo: '/v1/api/forex/logo/BTCUSD.svg',
    CategoryId: 5,
    MarketStatus: MarketStatus.Open,
    PricePrecision: 2,
    Pip: 0.01,
    ForexContNum: 1,
    ForexMinCont: 0.01,
    ForexMaxCont: 10,
    MarginMode: MarginMode.Leveraged,
    ForexFeeRate: 20,
    ForexPointRate: 3000,
    QuoteCurrency: 'USD',
    Sessions: [{ From: 0, To: 10080 }],
    SwapLong: -18,
    SwapShort: -12,
    SwapMode: SwapMode.Percent,
    SwapTripleDay: null,
    RolloverMinute: 1320,
    HasForexMultiple: [
      { Id: 149, ForexId: 30, Value: 1 },
      { Id: 150, ForexId: 30, Value: 2 },
    ],
    ForexQuotations: {
      Open: 84543.75,
      Close: 83780.55,
      High: 85948.63,
      Low: 83581.91,
      Change: -0.87,
      Volume: 136330,
      Amount: 0,
      NowTime: 1795433223153,
    },
    LastPrice: 83780.55,
    Bid: 83780.55,
    Ask: 83810.55,
    ...overrides,
  }
}
