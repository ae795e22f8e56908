// What every screen that records on site without signal says about it (decisions 29 and 66).

export const outboxMessages = {
  offline:
    'No connection: what you record is kept on this phone and sent when the connection returns.',
}
