/** Waits until `condition` holds, looking every 20 ms; throws after `seconds`. */
export async function until(condition: () => boolean, what: string, seconds = 120) {
  const deadline = Date.now() + seconds * 1000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
