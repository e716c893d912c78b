-- Issue 25: a fresh install seeded well-known burn addresses as its coin deposit channels, shown to
-- users as the broker's. Until staff set a real one, a channel has no address and the phone lists
-- none (money/deposits.ts coinChannels). Addresses staff set are not touched.
UPDATE "deposit_coin_channels" SET "address" = ''
WHERE "address" IN (
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  '0x000000000000000000000000000000000000dEaD',
  'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'
);
