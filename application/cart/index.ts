/** The cart module's front door: what other modules and the server use of it. */
export {
  addToMyCart,
  checkCartItem,
  clearMyCart,
  mergeGuestCart,
  priceGuestCart,
  removeFromMyCart,
  setMyCartQuantity,
  viewMyCart,
} from "./cartCommands"
export { editionLimitProblems } from "./editionLimitProblems"
export type { PricedCart } from "./pricedCart"
export { priceCart } from "./pricedCart"
