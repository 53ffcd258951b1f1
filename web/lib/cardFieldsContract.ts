import type { CardToken, FieldState, NonSensitiveCard, SecureField } from "../machines/cardEntry"

/** Where one field goes: the element that holds it (an empty box of reserved height), its label and hint. */
export interface CardFieldSlot {
  /** The container's element id. */
  readonly id: string
  /** The id of the label naming the field, for the control inside the container. */
  readonly labelId: string
  readonly label: string
  readonly placeholder: string
}
export type CardFieldSlots = Readonly<Record<SecureField, CardFieldSlot>>

/** What the fields tell the page while the customer types: never a value, only what may be known. */
export interface CardFieldHandlers {
  /** The card's first digits (6 to 8) once they identify it, null when they no longer do. */
  onBinChange(bin: string | null): void
  onFieldChange(field: SecureField, state: FieldState): void
}

/**
 * The card number, expiry and security code entry. With Mercado Pago these are its Secure Fields: frames of
 * its own origin, so the store's script never touches card data (PCI SAQ A). Offline the sandbox renders plain
 * inputs in the same containers and tokenizes on our server. The machines and forms only see this contract.
 */
export interface CardFields {
  /** Puts the fields in their containers; resolves once they can be typed in, rejects if they cannot load. */
  mount(slots: CardFieldSlots, handlers: CardFieldHandlers): Promise<void>
  /** A one-use token for what the fields hold, with the data the store may see. */
  createToken(card: NonSensitiveCard): Promise<CardToken>
  /** Takes the fields out (the card typed in them is gone with them), or stops a mount under way. */
  unmount(): void
}
