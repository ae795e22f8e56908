import { z } from 'zod'

// A user account as the accounts screen sees it: the API's answer and the client's type.
export const accountSchema = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  level: z.number(),
  requestedLevel: z.number(),
  disabled: z.boolean(),
  createdAt: z.string(),
})

export type Account = z.infer<typeof accountSchema>
