// Web vitals: what the server answers a browser's report of a page's speed that it cannot take.
// No person reads these on a screen; they are written here like every other answer.

export const vitalsMessages = {
  routeNotPattern: 'The route must be a route pattern.',
} as const
