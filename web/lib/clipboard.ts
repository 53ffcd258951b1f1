import { toast } from "./toast"

/** Copies a code and says so ('Código copiado!'), or tells how to copy it by hand. */
export async function copyCode(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success("Código copiado!")
  } catch {
    toast.error("Não foi possível copiar", { description: "Selecione o código e copie manualmente." })
  }
}
