// What a person is told of an amount they typed: money's own words, apart from the rent year's,
// so that a screen that reads a sum (a person's page, a plot's) does not load every rent message.
export const moneyMessages = {
  amountNotMoney: 'Enter an amount in pounds and pence, such as 12.50.',
  amountOutOfRange: 'The amount must be more than £0 and at most £100,000.',
  feeMoney: 'Fee must be pounds and pence, such as 32.50, from 0 to £100,000.',
  rateMoney:
    'The rate must be pounds with up to four places after the point, such as 0.2569 or 6.50, at most £100,000.',
} as const
