/** The dashboard's daily charts cover this many calendar days, ending today in the user's time zone. */
export const CHART_WINDOW_DAYS = 30;
