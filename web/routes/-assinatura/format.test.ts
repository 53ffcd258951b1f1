import { describe, expect, it } from "vitest"
import { pausedToast } from "./format"

describe("the pause toast", () => {
  it("names the return day of a dated pause", () => {
    expect(pausedToast("2027-01-20")).toEqual({
      title: "Assinatura pausada até 20/01/2027",
      description: "Nenhuma cobrança nem envio até lá; nesse dia ela volta a ficar ativa sozinha.",
    })
  })

  it("says an open-ended pause lasts until the collector reactivates", () => {
    expect(pausedToast(null)).toEqual({
      title: "Assinatura pausada",
      description: "Nenhuma cobrança nem envio até você reativar.",
    })
  })
})
