import { z } from 'zod'

/** The first-run steps, in the order an association takes them. */
export const setupStepIdSchema = z.enum(['details', 'map', 'plots', 'committee'])

export type SetupStepId = z.infer<typeof setupStepIdSchema>

export const setupStepStateSchema = z.enum(['done', 'skipped', 'to do'])

export const setupSchema = z.object({
  steps: z.array(z.object({ id: setupStepIdSchema, state: setupStepStateSchema })),
  /** The database holds no plots and no people yet, and a step is still to do. */
  leadOnSignIn: z.boolean(),
})

export const setupStepParams = z.object({ id: setupStepIdSchema })

export const skipStepSchema = z.object({ skipped: z.boolean() })

export type Setup = z.infer<typeof setupSchema>
export type SetupStepState = z.infer<typeof setupStepStateSchema>
