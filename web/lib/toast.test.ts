import { afterAll, describe, expect, it, vi } from "vitest"

// sonner closes a toast on the next frame; node has no frames.
vi.stubGlobal("requestAnimationFrame", (run: () => void) => setTimeout(run, 0))
vi.stubGlobal("cancelAnimationFrame", (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle))
// The unit files share their worker (isolate: false): the next file must not find these frames.
afterAll(() => vi.unstubAllGlobals())

const { toast, toastRegion } = await import("./toast")
const sonner = (await import("sonner")).toast

const onScreen = () => sonner.getToasts().map((t) => ("title" in t ? t.title : t.id))

describe("toast.dismiss", () => {
  it("closes a form's earlier error toast by its id when it then saves, leaving only the success", async () => {
    toastRegion.mounted()
    toast.error("Preencha todos os campos obrigatórios", { id: "plan-error-quarterly" })
    await vi.waitFor(() => expect(onScreen()).toEqual(["Preencha todos os campos obrigatórios"]))
    toast.dismiss("plan-error-quarterly")
    toast.success("Plano atualizado com sucesso!")
    await vi.waitFor(() => expect(onScreen()).toEqual(["Plano atualizado com sucesso!"]))
  })
})

describe("one toast at a time", () => {
  it("replaces the toast on screen with the newest instead of stacking them", async () => {
    toastRegion.mounted()
    toast.success("Item adicionado ao carrinho")
    await vi.waitFor(() => expect(onScreen()).toEqual(["Item adicionado ao carrinho"]))
    toast.warning("Este item já está no carrinho")
    toast.info("Frete calculado!")
    await vi.waitFor(() => expect(onScreen()).toEqual(["Frete calculado!"]))
  })

  it("updates a toast in place when it is shown again by its id", async () => {
    toast.info("Calculando frete...", { id: "frete" })
    toast.success("Frete calculado!", { id: "frete" })
    await vi.waitFor(() => expect(onScreen()).toEqual(["Frete calculado!"]))
  })
})
