// Getting started (issue 14): the administrator's first-run steps.

import { capitalised, countInWords } from '#shared/domain/text'

export const setupMessages = {
  // The count is the list's own (issue 44: it said "Three steps" above four).
  stepsIntro: (steps: number) =>
    `${capitalised(countInWords(steps))} ${steps === 1 ? 'step makes' : 'steps make'} this site your association’s. Take them in any order; each can be skipped and taken up later from Settings.`,
} as const
