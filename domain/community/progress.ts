/** How far a collector is in one collection: distinct characters owned over the collection's characters. */
export interface CollectionProgress {
  readonly owned: number
  readonly total: number
}

/** Whole percent, 0..100, rounded down so 99.9% is not shown as complete. */
export const percentOf = ({ owned, total }: CollectionProgress): number =>
  total <= 0 ? 0 : Math.min(100, Math.floor((owned * 100) / total))

export const isComplete = (p: CollectionProgress): boolean => p.total > 0 && p.owned >= p.total

/** Spec 001 §4, verbatim. */
export function completionMessage(p: CollectionProgress): string {
  const percent = isComplete(p) ? 100 : percentOf(p)
  if (percent >= 100) return "Coleção Completa! 🎉"
  if (percent >= 75) return "Quase lá! Continue coletando"
  if (percent >= 50) return "Ótimo progresso! Metade concluída"
  if (percent >= 25) return "Bom começo! Continue assim"
  return "Comece sua jornada de colecionador"
}

/** A collection achievement (spec 001 §4): unlocked at the first character, then at 25, 50, 75 and 100%. */
export interface CollectionAchievement {
  readonly code: "first_character" | "quarter" | "half" | "almost" | "master"
  readonly name: string
  readonly description: string
  /** Reached when the collector owns at least this share (0 means: any character). */
  readonly percent: number
  readonly xp: number
}

export const COLLECTION_ACHIEVEMENTS: readonly CollectionAchievement[] = [
  {
    code: "first_character",
    name: "Primeiro Personagem",
    description: "Conquiste o primeiro personagem da coleção",
    percent: 0,
    xp: 50,
  },
  {
    code: "quarter",
    name: "Um Quarto Completo",
    description: "Complete 25% da coleção",
    percent: 25,
    xp: 100,
  },
  { code: "half", name: "Meio Caminho", description: "Complete 50% da coleção", percent: 50, xp: 150 },
  { code: "almost", name: "Quase Completa", description: "Complete 75% da coleção", percent: 75, xp: 200 },
  {
    code: "master",
    name: "Mestre Colecionador",
    description: "Complete 100% da coleção",
    percent: 100,
    xp: 500,
  },
]

/** The collection achievements a progress has reached, in order. */
export const reachedAchievements = (p: CollectionProgress): readonly CollectionAchievement[] =>
  p.owned <= 0
    ? []
    : COLLECTION_ACHIEVEMENTS.filter((a) => (a.percent === 100 ? isComplete(p) : percentOf(p) >= a.percent))
