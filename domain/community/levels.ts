/**
 * Score, level and title (spec 001 §2 ranking, §9). The spec fixes only the level bar, score / (score + 500);
 * a level is every 500 points, so the bar and the level grow together.
 */
export const POINTS_PER_LEVEL = 500

export const levelOf = (score: number): number => 1 + Math.floor(Math.max(0, score) / POINTS_PER_LEVEL)

/** The ranking's level bar, 0..1 (spec 001 §9: score over score plus 500). */
export const levelProgress = (score: number): number => (score <= 0 ? 0 : score / (score + POINTS_PER_LEVEL))

const TITLES: readonly (readonly [number, string])[] = [
  [20, "Lenda"],
  [10, "Mestre Colecionador"],
  [6, "Veterano"],
  [3, "Colecionador"],
  [1, "Iniciante"],
]

/** The title shown under a collector's name in the ranking and on the profile. */
export const titleOf = (level: number): string => TITLES.find(([from]) => level >= from)?.[1] ?? "Iniciante"
