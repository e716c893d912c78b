import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Compressed answers, for the calls that opt in with `PUBLIC_DATA_COMPRESSION` only: public market
 * data (the instrument list, candles, sparklines), large and the same for everybody. Answers that
 * carry a token, a balance or anything personal stay uncompressed, so that an attacker who sees
 * their sizes on the wire and can put text into them learns nothing of a secret (BREACH). Bodies
 * the client sends are never inflated (no zip bombs). Brotli at quality 4 costs the server about
 * what gzip does, and the built app's own files come precompressed (static-files.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: false,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  })
}

/** Route options of a public market-data call whose answer is worth compressing. */
export const PUBLIC_DATA_COMPRESSION = { compress: {} } as const
