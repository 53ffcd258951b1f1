/** What each event is worth in points (score, XP) and coins. Changing a figure changes future entries only. */
export const REWARDS = {
  /** Each unit bought or received with a plan. */
  piece: { points: 100, coins: 10 },
  /** Each month a subscription or prepaid plan pays for. */
  subscriptionMonth: { points: 50, coins: 5 },
  /** A delivery rated by its collector. */
  review: { points: 20, coins: 2 },
  /** A trade completed, for each side. */
  trade: { points: 30, coins: 3 },
} as const
