/** The waitlist module's front door: what other modules and the server use of it. */
export { endLapsedOffers } from "./endLapsedOffers"
export { joinWaitlist } from "./joinWaitlist"
export { leaveWaitlist } from "./leaveWaitlist"
export { myWaitlists } from "./myWaitlists"
export { claimWaitlistOffer, leaveLine, offerFreedUnits } from "./offerUnits"
export { waitlistOfferHandler } from "./waitlistOfferHandler"
export { waitlistStatus } from "./waitlistStatus"
