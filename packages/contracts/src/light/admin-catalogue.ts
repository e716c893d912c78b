/** How far back the holiday list reaches unless staff pick a date: last week, to check what just happened. */
export const HOLIDAY_LIST_BACK_DAYS = 7
