/** The shipping module's front door: what other modules and the server use of it. */
export { lookupCep } from "./lookupCep"
export { quotePricedCart, quoteShipping } from "./quoteShipping"
