import { toast } from "./toast"

/** Honest answer for controls whose capability ships in a later release (accounts, cart, checkout). */
export function comingSoon(feature: string) {
  toast.info(`${feature} chega na próxima atualização da loja`, {
    description: "Enquanto isso, explore as coleções e os planos.",
  })
}
