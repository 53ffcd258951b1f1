import type { Rarity } from "../catalog/rarity"

/*
 * The shelf's and Minha Coleção's own copies of two small helpers of ../text and ../rarity. Those modules sit in
 * every storefront page's entry script, where anything the browser uses from them is bundled: importing them from
 * these screens would add bytes to every catalogue page (the 120 KB budget), not only to these screens.
 */

/** Lower case without accents, so a search for "pegaso" finds "Pégaso". */
export const fold = (raw: string): string =>
  raw
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()

const RANK: Readonly<Record<Rarity, number>> = { common: 0, rare: 1, epic: 2, legendary: 3, mythic: 4 }

/** Rarest first; an unknown rarity (a character not revealed yet) last. */
export const byRarityDesc = (a: Rarity | null, b: Rarity | null): number =>
  (b === null ? -1 : RANK[b]) - (a === null ? -1 : RANK[a])
