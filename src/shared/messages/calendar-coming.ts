// "I'll come" (issue 48, item 1): the members' screens' words, apart from the calendar's others,
// which the public site's News page loads too.

export const comingMessages = {
  illCome: "I'll come",
  notComing: "I can't come after all",
  youAreComing: 'You said you will come.',
  comingCount: (count: number, helpersWanted: number | null) =>
    helpersWanted
      ? `${count} of ${helpersWanted} ${helpersWanted === 1 ? 'helper' : 'helpers'} coming`
      : `${count} coming`,
  whoIsComing: (names: readonly string[]) => `Coming: ${names.join(', ')}`,
  eventOver: 'That event is over: it is too late to say whether you will come.',
  /** The committee's event form. */
  showComingLabel: 'Members may see who is coming',
} as const
