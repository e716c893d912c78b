/**
 * An unmasked, unfragmented WebSocket text frame (RFC 6455 5.2), as a server sends it: built once
 * per message, the same bytes go to every subscriber's TCP stream.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length
  const header = Buffer.allocUnsafe(length < 126 ? 2 : length < 65_536 ? 4 : 10)
  header[0] = 0x81
  if (length < 126) header[1] = length
  else if (length < 65_536) {
    header[1] = 126
    header.writeUInt16BE(length, 2)
  } else {
    header[1] = 127
    header.writeBigUInt64BE(BigInt(length), 2)
  }
  return Buffer.concat([header, payload])
}
