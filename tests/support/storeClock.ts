import { saoPauloInstant } from "../../domain/calendar"

/**
 * Where in the calendar a test's store lives, chosen by the test and never read from the machine's calendar:
 * a store started on a day CI happens to run would sell last month's character on the 3rd and this month's on
 * the 20th. The default is a plain selling day: the 20th at 10:00 in São Paulo, after the month's reveal (so
 * the month's character is revealed and on sale to everyone), well away from a month's or a year's end.
 */
export const STORE_DAY = saoPauloInstant({ year: 2026, month: 10, day: 20 }, 10)

/** The environment that starts a store's clock at `instant` (it runs on in real time from there). */
export const storeClockEnv = (instant: number) => ({ STORE_CLOCK_START: new Date(instant).toISOString() })
