/** Folds user/DB text for lookups: accents and case must not matter ("Heróis" = "herois"). */
export function foldText(raw: string): string {
  return raw
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
}
