/** `Direction`: 1 when the bid rises to the price, 2 when it falls to it. */
export const AlertDirection = { Above: 1, Below: 2 } as const
export type AlertDirectionValue = (typeof AlertDirection)[keyof typeof AlertDirection]

/** `Status` of an alert: 0 waiting, 1 fired. */
export const AlertStatus = { Active: 0, Fired: 1 } as const
export type AlertStatusValue = (typeof AlertStatus)[keyof typeof AlertStatus]
