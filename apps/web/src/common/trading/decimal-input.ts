/**
 * What a decimal field keeps of a keystroke: digits and one point; a comma (the decimal separator
 * of many keyboards) becomes a point. A minus sign cannot be typed, so prices and lots stay at 0
 * or more (docs/product.md "Input rules": stop-loss and take-profit have minimum 0).
 */
export function decimalInput(text: string): string {
  const plain = text.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const point = plain.indexOf('.')
  return point < 0 ? plain : plain.slice(0, point + 1) + plain.slice(point + 1).replace(/\./g, '')
}
