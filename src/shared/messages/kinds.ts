// The words of the administrator's kinds of concession and of deposit alike (decisions 57, 58).

export const kindMessages = {
  kindNameRequired: 'Give the kind a name.',
  kindAdded: (name: string) => `The kind ${name} was added.`,
  usualAdded: 'The usual kinds were added.',
  change: 'Change',
  saveKind: 'Save the kind',
  keepAsItWas: 'Keep it as it was',
  kindChanged: (name: string) => `The kind ${name} was changed.`,
}
