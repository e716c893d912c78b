/** The largest value of a PostgreSQL `integer` (serial ids, counts): larger ids cannot exist. */
export const INT32_MAX = 2_147_483_647
