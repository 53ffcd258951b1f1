import { Context, type Effect } from "effect"

/** What the store keeps about a person outside their account, to be erased when they delete it (LGPD art. 18). */
export class PersonalData extends Context.Service<
  PersonalData,
  {
    /**
     * Blanks the person's earlier events (ending those still waiting: there is nobody left to write to) and
     * removes their address from the e-mail log and the kept e-mails; deletes their address book, phone and
     * CPF, their support tickets and their waitlist entries (the caller ends the live ones first, so a held
     * unit goes to the next in line); keeps their orders, subscriptions and plan months, with no owner, as the
     * records the law asks for (the invoice's recipient, CPF and address included: domain/accounts/accountDeletion.ts).
     * Joins the caller's unit of work.
     */
    forget(userId: string): Effect.Effect<void>
    /**
     * Past their retention, the records a deleted account left lose what still names the person: on up to `limit`
     * ownerless orders placed before `placedBefore`, the recipient, street address and CPF, and on their payments,
     * refunds, after-sale requests, reviews and audit entries what the customer gave or wrote. The sales figures
     * stay (amounts, dates, lines, edition numbers, city and state). Answers how many orders it erased; each once.
     */
    eraseLapsed(placedBefore: number, limit: number): Effect.Effect<number>
  }
>()("store/application/PersonalData") {}
